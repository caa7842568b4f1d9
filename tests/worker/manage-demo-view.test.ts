// The demo's shared super admin reads nothing private: while the demo runs, a
// demo-locked operator's console lists only the shared demo accounts (users, searches, the agent
// picker's search, a group's members, groups they own), never an email or an address, refuses a
// real person's detail as missing, and shows no report, invitation or audit row of real people.
// Outside the demo the same account sees everything.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { createGroup, uid, type User } from './group-helpers';
import { call, loginUser, operator, textMessage } from './helpers';

async function asDemo(who: User, path: string, body: Record<string, unknown> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://parley.test/manage/${path}`, {
      method: 'POST',
      headers: { authorization: who.token, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    }),
    { ...env, DEMO_MODE: 'true' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return (await res.json()) as { code: number; msg: string; data: any; count?: number };
}

const markDemo = (...users: User[]) =>
  Promise.all(
    users.map((u) =>
      env.DB.prepare("UPDATE users SET is_demo = 1, email = 'demo@example.com' WHERE user_id = ?1").bind(uid(u)).run(),
    ),
  );

async function reportBetween(reporter: User, sender: User) {
  const sent = await call('/enterprise/im/sendMessage', textMessage(uid(reporter), 'private words'), {
    token: sender.token,
  });
  const filed = await call(
    '/enterprise/im/reportMessage',
    { toContactId: uid(sender), msg_id: sent.body.data.msg_id, reason: 'spam' },
    { token: reporter.token },
  );
  expect(filed.body.code).toBe(0);
}

let demoBoss: User;
let demoAnn: User;
let demoBob: User;
let realAdmin: User;
let real: User;
let realGroup: string;
let demoGroup: string;

beforeAll(async () => {
  demoBoss = await operator(1);
  [demoAnn, demoBob] = [await loginUser(), await loginUser()];
  realAdmin = await operator(1);
  real = await loginUser();
  await markDemo(demoBoss, demoAnn, demoBob);
  await env.DB.prepare(
    "UPDATE users SET email = 'real.person@example.com', realname = 'Real Person' WHERE user_id = ?1",
  )
    .bind(uid(real))
    .run();
  // demoAnn's agent is a real person: the demo's view does not name them.
  await call('/manage/user/edit', { user_id: uid(demoBob), cs_uid: uid(real) }, { token: realAdmin.token });
  realGroup = await createGroup(real, [demoAnn, await loginUser()], 'Real family');
  demoGroup = await createGroup(demoAnn, [demoBob], 'Demo team');
  await reportBetween(real, demoAnn); // a real person's report: not the demo's
  await reportBetween(demoBob, demoAnn); // between demo accounts: shown
  await call('/manage/invite/add', { max_uses: 3 }, { token: realAdmin.token });
  await call('/manage/user/setStatus', { user_id: uid(real), status: 0 }, { token: realAdmin.token });
  await call('/manage/user/setStatus', { user_id: uid(real), status: 1 }, { token: realAdmin.token });
});

describe('the demo’s shared super admin', () => {
  it('lists and finds only demo accounts, without emails or addresses', async () => {
    const all = await asDemo(demoBoss, 'user/index', { limit: 100 });
    expect(all.code).toBe(0);
    const ids = all.data.map((u: { user_id: number }) => u.user_id);
    expect(ids.sort()).toEqual([uid(demoBoss), uid(demoAnn), uid(demoBob)].sort());
    expect(all.count).toBe(3);
    for (const u of all.data) expect(u).toMatchObject({ email: '', register_ip: '', last_login_ip: '', is_demo: 1 });
    expect(all.data.find((u: { user_id: number }) => u.user_id === uid(demoBob))).toMatchObject({
      cs_uid: 0,
      cs_name: '',
    });
    expect(JSON.stringify(all)).not.toMatch(/real\.person|Real Person|demo@example/);
    // The agent picker's search (active users by account or name): nobody real.
    const search = await asDemo(demoBoss, 'user/index', { keywords: real.account, status: 1 });
    expect(search).toMatchObject({ code: 0, count: 0, data: [] });
    expect((await asDemo(demoBoss, 'user/index', { keywords: 'Real Person' })).count).toBe(0);
  });

  it('reads a demo account’s detail redacted, and a real person’s as missing', async () => {
    expect((await asDemo(demoBoss, 'user/detail', { user_id: uid(demoAnn) })).data).toMatchObject({
      user_id: uid(demoAnn),
      email: '',
      register_ip: '',
      last_login_ip: '',
    });
    expect(await asDemo(demoBoss, 'user/detail', { user_id: uid(real) })).toMatchObject({
      code: 400,
      msg: 'The account does not exist',
      data: null,
    });
  });

  it('sees only demo accounts among a group’s members, and only groups a demo account owns', async () => {
    const members = await asDemo(demoBoss, 'group/users', { id: realGroup });
    expect(members.data.map((m: { user_id: number }) => m.user_id)).toEqual([uid(demoAnn)]);
    const groups = await asDemo(demoBoss, 'group/index', { limit: 100 });
    expect(groups.data.map((g: { name: string }) => g.name)).toEqual(['Demo team']);
    expect(groups.count).toBe(1);
    expect(demoGroup).toMatch(/^group-/);
  });

  it('sees no report, invitation or audit row of real people', async () => {
    const reports = await asDemo(demoBoss, 'report/index', { status: -1 });
    expect(reports.count).toBe(1);
    expect(reports.data[0]).toMatchObject({ reporter_id: uid(demoBob), sender_id: uid(demoAnn) });
    expect(await asDemo(demoBoss, 'invite/index')).toMatchObject({ code: 0, count: 0, data: [] });
    expect(await asDemo(demoBoss, 'audit/index')).toMatchObject({ code: 0, count: 0, data: [] });
  });

  it('outside the demo, the same account reads everything', async () => {
    const all = await call('/manage/user/index', { limit: 100 }, { token: demoBoss.token });
    expect(all.body.data.map((u: { user_id: number }) => u.user_id)).toContain(uid(real));
    expect(JSON.stringify(all.body.data)).toContain('real.person@example.com');
    expect((await call('/manage/report/index', { status: -1 }, { token: demoBoss.token })).body.count).toBe(2);
    expect((await call('/manage/invite/index', {}, { token: demoBoss.token })).body.count).toBe(1);
    expect((await call('/manage/audit/index', {}, { token: demoBoss.token })).body.count).toBeGreaterThan(0);
  });
});
