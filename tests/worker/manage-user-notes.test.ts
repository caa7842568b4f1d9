// An operator's notes on a user: the private remark and the customer-service
// agent (cs_uid) set in manage/user/edit, answered by detail and index, validated (an active user
// other than them, a remark of at most 200 characters), audited before → after; and in run mode 2
// a user and their agent message each other without being friends (DM rule).
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, loginUser, operator, resetConfig, setSysInfo, textMessage } from './helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const manage = (as: User, path: string, body: Record<string, unknown> = {}, lang?: string) =>
  call(`/manage/${path}`, body, { token: as.token, ...(lang ? { lang } : {}) });
const send = (from: User, to: User, content = 'hi') =>
  call('/enterprise/im/sendMessage', textMessage(uid(to), content), { token: from.token });

afterEach(resetConfig);

describe('manage/user/edit: remark and customer-service agent', () => {
  it('stores both, answers them (with the agent named) in detail and index, and audits before → after', async () => {
    const [me, them, agent] = await Promise.all([operator(), loginUser(), loginUser()]);
    const edited = await manage(me, 'user/edit', { user_id: uid(them), remark: 'VIP since 2020', cs_uid: uid(agent) });
    expect(edited.body.code, edited.body.msg).toBe(0);
    expect(edited.body.data).toMatchObject({ remark: 'VIP since 2020', cs_uid: uid(agent), cs_name: 'Test User' });
    const detail = await manage(me, 'user/detail', { user_id: uid(them) });
    expect(detail.body.data).toMatchObject({ remark: 'VIP since 2020', cs_uid: uid(agent) });
    const listed = await manage(me, 'user/index', { keywords: them.account });
    expect(listed.body.data[0]).toMatchObject({ user_id: uid(them), remark: 'VIP since 2020', cs_uid: uid(agent) });
    // Clearing the agent keeps the remark; each change leaves its row.
    await manage(me, 'user/edit', { user_id: uid(them), cs_uid: 0 });
    expect((await manage(me, 'user/detail', { user_id: uid(them) })).body.data).toMatchObject({
      remark: 'VIP since 2020',
      cs_uid: 0,
      cs_name: '',
    });
    const trail = (
      await env.DB.prepare("SELECT before, after FROM audit_log WHERE target = ?1 AND action = 'user.edit' ORDER BY id")
        .bind(`user:${uid(them)}`)
        .all<{ before: string; after: string }>()
    ).results.map((r) => [JSON.parse(r.before), JSON.parse(r.after)]);
    expect(trail).toEqual([
      [
        { remark: '', cs_uid: 0 },
        { remark: 'VIP since 2020', cs_uid: uid(agent) },
      ],
      [{ cs_uid: uid(agent) }, { cs_uid: 0 }],
    ]);
  });

  it('refuses the user as their own agent, an agent who is disabled or unknown, and a remark over 200 characters', async () => {
    const [me, them, gone] = await Promise.all([operator(), loginUser(), loginUser()]);
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(uid(gone)).run();
    expect((await manage(me, 'user/edit', { user_id: uid(them), cs_uid: uid(them) })).body).toMatchObject({
      code: 400,
      msg: 'A user cannot be their own customer-service agent',
    });
    expect((await manage(me, 'user/edit', { user_id: uid(them), cs_uid: uid(gone) }, 'vi')).body).toMatchObject({
      code: 400,
      msg: 'Nhân viên chăm sóc phải là người dùng đang hoạt động',
    });
    expect((await manage(me, 'user/edit', { user_id: uid(them), cs_uid: 99_999_999 })).body.code).toBe(400);
    expect((await manage(me, 'user/edit', { user_id: uid(them), remark: 'x'.repeat(201) })).body).toMatchObject({
      code: 400,
      msg: 'A remark has at most 200 characters',
    });
    expect((await manage(me, 'user/detail', { user_id: uid(them) })).body.data).toMatchObject({
      remark: '',
      cs_uid: 0,
    });
  });
});

describe('run mode 2 and the assigned agent', () => {
  it('lets a user and their agent message each other both ways without being friends, and nobody else', async () => {
    await setSysInfo({ runMode: '2' });
    const [me, them, agent, stranger] = await Promise.all([operator(), loginUser(), loginUser(), loginUser()]);
    expect((await send(them, agent)).body.code).toBe(400);
    await manage(me, 'user/edit', { user_id: uid(them), cs_uid: uid(agent) });
    expect((await send(them, agent)).body.code).toBe(0);
    expect((await send(agent, them)).body.code).toBe(0);
    expect((await send(stranger, agent)).body.code).toBe(400);
    expect((await send(stranger, them)).body.code).toBe(400);
  });

  it("lists a user's agent in their address book and the user in the agent's, without a chat or friendship", async () => {
    await setSysInfo({ runMode: '2' });
    const [me, them, agent, stranger] = await Promise.all([operator(), loginUser(), loginUser(), loginUser()]);
    const listed = async (who: User) =>
      ((await call('/enterprise/im/getContacts', {}, { token: who.token })).body.data as any[]).map((c) => c.id);
    await manage(me, 'user/edit', { user_id: uid(them), cs_uid: uid(agent) });
    expect(await listed(them)).toContain(uid(agent));
    expect(await listed(agent)).toContain(uid(them));
    expect(await listed(stranger)).not.toContain(uid(agent));
    expect(await listed(them)).not.toContain(uid(stranger));
  });
});
