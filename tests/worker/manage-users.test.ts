// The operator console's users: who is an operator (users.role, read at
// each request), searching and paging, disabling (sockets close with 4001, the next request is
// refused), enabling, password resets, roles (super admin only, never the last one lost), the
// demo's shared accounts looking but not changing, and an audit row for every change.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { SESSION_ENDED_CLOSE_CODE } from '../../worker/services/socket-rules';
import { call, loginUser, operator, registerUser, uniqueAccount } from './helpers';
import { closeCode, connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const setRole = (u: User, role: number) =>
  env.DB.prepare('UPDATE users SET role = ?2 WHERE user_id = ?1').bind(uid(u), role).run();
const manage = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/${path}`, body, { token: as.token });
const whoAmI = (token: string) => call('/enterprise/im/getUserInfo', {}, { token });
const audit = async (target: string) =>
  (
    await env.DB.prepare('SELECT action, before, after, actor_id FROM audit_log WHERE target = ?1 ORDER BY id')
      .bind(target)
      .all<{ action: string; before: string; after: string; actor_id: number }>()
  ).results;

async function named(realname: string): Promise<User> {
  const { account } = await registerUser(uniqueAccount('find'), 'secret12', realname);
  return loginUser(account);
}

describe('who is an operator', () => {
  it('is read from D1 at each request: a demoted operator loses the console at once, with the same token', async () => {
    const me = await operator(2);
    expect((await manage(me, 'index/index')).body.code).toBe(0);
    await setRole(me, 0);
    expect((await manage(me, 'index/index')).body).toMatchObject({ code: 400 });
  });
});

describe('manage/user/index and detail', () => {
  it('finds users by account or name, pages and sorts them, and never shows a password hash', async () => {
    const me = await operator();
    const tag = `Zebra${Date.now() % 100000}`;
    const people = [await named(`${tag} One`), await named(`${tag} Two`), await named(`${tag} Three`)];
    const first = await manage(me, 'user/index', { keywords: tag, limit: 2, page: 1, sort: 'user_id', order: 'asc' });
    expect(first.body).toMatchObject({ code: 0, count: 3, page: 1 });
    expect(first.body.data.map((u: { user_id: number }) => u.user_id)).toEqual(people.slice(0, 2).map(uid));
    const second = await manage(me, 'user/index', { keywords: tag, limit: 2, page: 2, sort: 'user_id', order: 'asc' });
    expect(second.body.data.map((u: { user_id: number }) => u.user_id)).toEqual([uid(people[2]!)]);
    expect(JSON.stringify(first.body)).not.toContain('pbkdf2');
    const byAccount = await manage(me, 'user/index', { keywords: people[1]!.account });
    expect(byAccount.body.data.map((u: { user_id: number }) => u.user_id)).toEqual([uid(people[1]!)]);
    // "%" and "_" are searched for, not wildcards.
    expect((await manage(me, 'user/index', { keywords: '%' })).body.count).toBe(0);
    const detail = await manage(me, 'user/detail', { user_id: uid(people[0]!) });
    expect(detail.body.data).toMatchObject({ realname: `${tag} One`, status: 1, role: 0 });
    expect((await manage(me, 'user/detail', { user_id: 99_999_999 })).body.code).toBe(400);
  });

  it('ignores Vietnamese diacritics and case, and sorts names in the console language’s order', async () => {
    const me = await operator();
    const tag = `Qx${Date.now() % 100000}`;
    const names = ['Hùng', 'Hoa', 'Hạnh', 'Hải', 'Hà', 'Đức'].map((n) => `${tag} ${n}`);
    const people = [];
    for (const n of names) people.push(await named(n));
    const ids = (reply: Awaited<ReturnType<typeof manage>>) =>
      reply.body.data.map((u: { realname: string }) => u.realname);
    const viList = (body: Record<string, unknown>) =>
      call('/manage/user/index', { keywords: tag, ...body }, { token: me.token, lang: 'vi' });
    expect(ids(await viList({ keywords: `${tag.toLowerCase()} ha`, sort: 'realname', order: 'asc' }))).toEqual([
      `${tag} Hà`,
      `${tag} Hải`,
      `${tag} Hạnh`,
    ]);
    expect(ids(await viList({ keywords: `${tag} duc` }))).toEqual([`${tag} Đức`]);
    const sorted = await viList({ sort: 'realname', order: 'asc', limit: 4, page: 1 });
    expect(sorted.body.count).toBe(6);
    expect(ids(sorted)).toEqual([`${tag} Đức`, `${tag} Hà`, `${tag} Hải`, `${tag} Hạnh`]);
    expect(ids(await viList({ sort: 'realname', order: 'asc', limit: 4, page: 2 }))).toEqual([
      `${tag} Hoa`,
      `${tag} Hùng`,
    ]);
    expect(people).toHaveLength(6);
  });

  it('refuses a sort column it does not know, with the envelope', async () => {
    const me = await operator();
    const bad = await manage(me, 'user/index', { sort: 'password_hash' });
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.msg).toBeTruthy();
  });
});

describe('disabling and enabling', () => {
  it('ends every session and socket of the user at once, and enabling lets them log in again (audited)', async () => {
    const me = await operator(2);
    const them = await loginUser();
    const socket = await connect(them.token, 'phone');
    const off = await manage(me, 'user/setStatus', { user_id: uid(them), status: 0 });
    expect(off.body).toMatchObject({ code: 0, data: { status: 0 } });
    expect(await closeCode(socket)).toBe(SESSION_ENDED_CLOSE_CODE);
    const refused = await whoAmI(them.token);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(-1);
    expect(
      (await call('/common/pub/login', { account: them.account, password: them.password }, { ip: '10.9.9.9' })).body
        .code,
    ).not.toBe(0);

    expect((await manage(me, 'user/setStatus', { user_id: uid(them), status: 1 })).body.code).toBe(0);
    expect((await whoAmI(them.token)).status).toBe(401); // the old token stays ended
    expect((await loginUser(them.account, them.password)).token).toBeTruthy();
    expect((await audit(`user:${uid(them)}`)).map((a) => [a.action, a.actor_id])).toEqual([
      ['user.disable', uid(me)],
      ['user.enable', uid(me)],
    ]);
  });

  it('never disables the operator themselves', async () => {
    const me = await operator();
    expect((await manage(me, 'user/setStatus', { user_id: uid(me), status: 0 })).body).toMatchObject({
      code: 400,
      msg: 'You cannot change your own role or status',
    });
    expect((await whoAmI(me.token)).status).toBe(200);
  });
});

describe('roles', () => {
  it('are changed by a super admin only, and the last super admin is never lost', async () => {
    await env.DB.prepare('UPDATE users SET role = 0 WHERE role = 1').run();
    const boss = await operator(1);
    const admin = await operator(2);
    const them = await loginUser();
    expect((await manage(admin, 'user/setRole', { user_id: uid(them), role: 2 })).body.code).toBe(400);
    expect((await manage(admin, 'user/edit', { user_id: uid(them), role: 2 })).body.code).toBe(400);
    expect(
      (await manage(admin, 'user/add', { account: uniqueAccount(), realname: 'X', password: 'secret12', role: 1 })).body
        .code,
    ).toBe(400);
    // Nobody changes their own role, and an admin cannot disable a super admin.
    expect((await manage(boss, 'user/setRole', { user_id: uid(boss), role: 0 })).body).toMatchObject({
      code: 400,
      msg: 'You cannot change your own role or status',
    });
    expect((await manage(admin, 'user/setStatus', { user_id: uid(boss), status: 0 })).body.code).toBe(400);
    // A second one may demote the first (manage-operator-roles.test.ts: never the last one).
    expect((await manage(boss, 'user/setRole', { user_id: uid(them), role: 1 })).body).toMatchObject({
      code: 0,
      data: { role: 1 },
    });
    expect((await manage(them, 'user/setRole', { user_id: uid(boss), role: 0 })).body.code).toBe(0);
    expect((await manage(them, 'user/setRole', { user_id: uid(them), role: 0 })).body.code).toBe(400);
    expect((await manage(boss, 'index/index')).body.code).toBe(400); // no longer an operator
    expect(
      (await audit(`user:${uid(them)}`)).map((a) => [a.action, JSON.parse(a.before), JSON.parse(a.after)]),
    ).toEqual([['user.setRole', { role: 0 }, { role: 1 }]]);
  });
});

describe('creating, editing and resetting a password', () => {
  it('creates a user who can log in, edits their profile, and a reset ends their sessions (no password in the audit)', async () => {
    const me = await operator(2);
    const account = uniqueAccount('made');
    const made = await manage(me, 'user/add', { account, realname: 'Made By Ops', password: 'first123', sex: 1 });
    expect(made.body).toMatchObject({ code: 0, data: { account, realname: 'Made By Ops', sex: 1, role: 0 } });
    expect((await manage(me, 'user/add', { account, realname: 'Again', password: 'first123' })).body.code).toBe(400);
    const them = await loginUser(account, 'first123');
    const edited = await manage(me, 'user/edit', { user_id: uid(them), realname: 'Renamed', email: 'r@example.com' });
    expect(edited.body.data).toMatchObject({ realname: 'Renamed', email: 'r@example.com' });
    expect((await manage(me, 'user/edit', { user_id: uid(them), email: 'not an email' })).body.code).not.toBe(0);

    const socket = await connect(them.token, 'phone');
    expect((await manage(me, 'user/editPassword', { user_id: uid(them), password: 'second12' })).body.code).toBe(0);
    expect(await closeCode(socket)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await whoAmI(them.token)).status).toBe(401);
    expect((await loginUser(account, 'second12')).token).toBeTruthy();
    const trail = await audit(`user:${uid(them)}`);
    expect(trail.map((a) => a.action)).toEqual(['user.add', 'user.edit', 'user.editPassword']);
    expect(JSON.parse(trail[1]!.before)).toEqual({ realname: 'Made By Ops', email: '' });
    expect(JSON.stringify(trail)).not.toMatch(/second12|first123|pbkdf2/);
  });
});

describe('the demo', () => {
  it('lets a shared demo account look at the console but change nothing while the demo runs', async () => {
    const demo = await operator(1);
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(uid(demo)).run();
    const them = await loginUser();
    const asDemo = async (path: string, body: unknown) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request(`http://parley.test/manage/${path}`, {
          method: 'POST',
          headers: { authorization: demo.token, 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify(body),
        }),
        { ...env, DEMO_MODE: 'true' },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return (await res.json()) as { code: number; msg: string };
    };
    expect((await asDemo('user/index', {})).code).toBe(0);
    expect(await asDemo('user/setStatus', { user_id: uid(them), status: 0 })).toMatchObject({
      code: 400,
      msg: 'Demo mode does not allow this change',
    });
    expect(await asDemo('user/editPassword', { user_id: uid(them), password: 'hacked12' })).toMatchObject({
      code: 400,
    });
    expect((await whoAmI(them.token)).status).toBe(200);
    // Outside the demo the same account may (an operator made with npm run admin is never a demo account).
    expect((await manage(demo, 'user/setStatus', { user_id: uid(them), status: 0 })).body.code).toBe(0);
  });
});

describe('manage/audit/index', () => {
  it('lists the trail newest first, filtered by action prefix and target, with the actor named', async () => {
    const me = await operator(2);
    const them = await loginUser();
    await manage(me, 'user/setStatus', { user_id: uid(them), status: 0 });
    await manage(me, 'user/setStatus', { user_id: uid(them), status: 1 });
    const list = await manage(me, 'audit/index', { target: `user:${uid(them)}`, action: 'user.' });
    expect(list.body.count).toBe(2);
    expect(list.body.data.map((a: { action: string }) => a.action)).toEqual(['user.enable', 'user.disable']);
    expect(list.body.data[0].actor_name).toBe('Test User');
    expect((await manage(me, 'audit/index', { target: `user:${uid(them)}`, action: 'group.' })).body.count).toBe(0);
  });
});

describe('manage/index/index', () => {
  it('counts users, disabled users, groups, files, storage, people online and messages per day', async () => {
    const me = await operator(2);
    const before = (await manage(me, 'index/index')).body.data;
    expect(before).toEqual({
      users: expect.any(Number),
      disabled: expect.any(Number),
      groups: expect.any(Number),
      files: expect.any(Number),
      storage: expect.any(Number),
      online: expect.any(Number),
      messages: expect.any(Number),
      // Messages per UTC day, the last 30 (message-days.test.ts counts them).
      days: expect.arrayContaining([{ day: new Date().toISOString().slice(0, 10), messages: expect.any(Number) }]),
    });
    expect(before.days).toHaveLength(30);
    await loginUser();
    expect((await manage(me, 'index/index')).body.data.users).toBe(before.users + 1);
  });
});
