// Operator roles hold: an admin (role 2) acts on ordinary users only; anything
// the console does to an operator (role > 0) — a password reset, disabling, a role, an edit, a
// deletion, disabling the sender of a report, their place in a group — needs a super admin;
// nobody changes their own role or status; and two super admins demoting or disabling each other
// at the same moment still leave one (the guard is in the UPDATE itself).
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';

import { createGroup, uid, type User } from './group-helpers';
import { call, loginUser, operator, textMessage } from './helpers';

const manage = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/${path}`, body, { token: as.token });
const row = (u: User) =>
  env.DB.prepare('SELECT role, status, password_hash, token_version, realname, email FROM users WHERE user_id = ?1')
    .bind(uid(u))
    .first();
const refusal = { code: 400, msg: 'Only a super admin may do this to an operator' };

/** A report by someone else of a message `sender` sent them; answers the report's id. */
async function reportOf(sender: User): Promise<number> {
  const reporter = await loginUser();
  const sent = await call('/enterprise/im/sendMessage', textMessage(uid(reporter), 'from an operator'), {
    token: sender.token,
  });
  const filed = await call(
    '/enterprise/im/reportMessage',
    { toContactId: uid(sender), msg_id: sent.body.data.msg_id, reason: 'spam' },
    { token: reporter.token },
  );
  expect(filed.body.code, JSON.stringify(filed.body)).toBe(0);
  const id = await env.DB.prepare('SELECT id FROM reports WHERE sender_id = ?1 ORDER BY id DESC')
    .bind(uid(sender))
    .first<number>('id');
  return id!;
}

beforeEach(async () => {
  // Each test counts its own super admins.
  await env.DB.prepare('UPDATE users SET role = 0 WHERE role = 1').run();
});

describe('an admin acting on an operator', () => {
  it.each([
    ['a super admin', 1],
    ['another admin', 2],
  ] as const)('is refused for %s on every console action, and nothing changes', async (_name, role) => {
    await operator(1); // a super admin stays whatever happens
    const admin = await operator(2);
    const them = await operator(role);
    const owner = await loginUser();
    const inGroup = await createGroup(owner, [them, await loginUser()]);
    const notInGroup = await createGroup(owner, [await loginUser()]);
    const reported = await reportOf(them);
    const before = await row(them);
    const attempts: [string, Record<string, unknown>][] = [
      ['user/editPassword', { user_id: uid(them), password: 'taken0ver' }],
      ['user/setStatus', { user_id: uid(them), status: 0 }],
      ['user/edit', { user_id: uid(them), realname: 'Renamed', email: 'x@example.com' }],
      ['user/edit', { user_id: uid(them), remark: 'a note', cs_uid: uid(owner) }],
      ['user/del', { user_id: uid(them) }],
      ['report/disableSender', { id: reported }],
      ['group/delGroupUser', { id: inGroup, user_id: uid(them) }],
      ['group/setManager', { id: inGroup, user_id: uid(them), role: 2 }],
      ['group/changeOwner', { id: inGroup, user_id: uid(them) }],
      ['group/addGroupUser', { id: notInGroup, user_ids: [uid(them)] }],
    ];
    for (const [path, body] of attempts)
      expect((await manage(admin, path, body)).body, `${path} ${JSON.stringify(body)}`).toMatchObject(refusal);
    // setRole is a super admin's route: refused before it looks at the target.
    expect((await manage(admin, 'user/setRole', { user_id: uid(them), role: 0 })).body.code).toBe(400);
    expect(await row(them)).toEqual(before);
    expect((await loginUser(them.account, them.password)).token).toBeTruthy();
    expect((await call('/common/pub/login', { account: them.account, password: 'taken0ver' })).body.code).not.toBe(0);
    const roster = (await manage(admin, 'group/users', { id: inGroup })).body.data as { user_id: number }[];
    expect(roster.map((m) => m.user_id)).toContain(uid(them));
    expect((await manage(admin, 'group/users', { id: notInGroup })).body.data).toHaveLength(2);
    const report = await env.DB.prepare('SELECT status FROM reports WHERE id = ?1').bind(reported).first('status');
    expect(report).toBe(0);
    const audited = await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log WHERE actor_id = ?1')
      .bind(uid(admin))
      .first('n');
    expect(audited).toBe(0);
  });

  it('still manages ordinary users, and a super admin manages operators', async () => {
    const boss = await operator(1);
    const admin = await operator(2);
    const user = await loginUser();
    expect((await manage(admin, 'user/editPassword', { user_id: uid(user), password: 'newpass12' })).body.code).toBe(0);
    expect((await manage(admin, 'user/setStatus', { user_id: uid(user), status: 0 })).body.code).toBe(0);
    expect((await manage(boss, 'user/editPassword', { user_id: uid(admin), password: 'newpass12' })).body.code).toBe(0);
    expect((await manage(boss, 'user/edit', { user_id: uid(admin), realname: 'Renamed Admin' })).body.code).toBe(0);
    expect((await manage(boss, 'user/setStatus', { user_id: uid(admin), status: 0 })).body.code).toBe(0);
    expect(await row(admin)).toMatchObject({ status: 0, realname: 'Renamed Admin' });
  });
});

describe('nobody changes their own role or status', () => {
  it('refuses a super admin demoting or disabling themselves, by setRole, edit or setStatus', async () => {
    const boss = await operator(1);
    await operator(1); // another one: the last-super-admin rule is not what refuses here
    const admin = await operator(2);
    const before = await row(boss);
    expect((await manage(boss, 'user/setRole', { user_id: uid(boss), role: 2 })).body).toMatchObject({
      code: 400,
      msg: 'You cannot change your own role or status',
    });
    expect((await manage(boss, 'user/edit', { user_id: uid(boss), role: 0 })).body).toMatchObject({
      code: 400,
      msg: 'You cannot change your own role or status',
    });
    expect((await manage(boss, 'user/setStatus', { user_id: uid(boss), status: 0 })).body.code).toBe(400);
    expect(await row(boss)).toEqual(before);
    // An admin cannot raise themselves either.
    expect((await manage(admin, 'user/setRole', { user_id: uid(admin), role: 1 })).body.code).toBe(400);
    expect((await manage(admin, 'user/edit', { user_id: uid(admin), role: 1 })).body.code).toBe(400);
    expect((await row(admin))?.role).toBe(2);
    // Editing one's own profile in the console is still a super admin's to do.
    expect((await manage(boss, 'user/edit', { user_id: uid(boss), realname: 'Boss' })).body.code).toBe(0);
  });
});

describe('the last super admin', () => {
  const activeSupers = async () =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE role = 1 AND status = 1').first<number>('n')) ?? 0;

  it.each([
    [
      'demote each other (setRole)',
      (other: User) => ({ path: 'user/setRole', body: { user_id: uid(other), role: 0 } }),
    ],
    ['demote each other (edit)', (other: User) => ({ path: 'user/edit', body: { user_id: uid(other), role: 2 } })],
    ['disable each other', (other: User) => ({ path: 'user/setStatus', body: { user_id: uid(other), status: 0 } })],
  ])('survives two super admins who %s at the same moment', async (_name, request) => {
    for (let round = 0; round < 4; round++) {
      await env.DB.prepare('UPDATE users SET role = 0 WHERE role = 1').run();
      const [a, b] = [await operator(1), await operator(1)];
      const [one, two] = [request(b), request(a)];
      const answers = await Promise.all([manage(a, one.path, one.body), manage(b, two.path, two.body)]);
      expect(await activeSupers(), JSON.stringify(answers.map((r) => r.body))).toBe(1);
      const refused = answers.filter((r) => r.body.code !== 0).map((r) => r.body.msg);
      expect(refused).toEqual(['The last super admin cannot lose that role or be disabled']);
    }
  });

  it('is never deleted, nor disabled as the sender of a report', async () => {
    const boss = await operator(1);
    const other = await operator(1);
    const reported = await reportOf(boss);
    // Alone after this one is demoted, the boss can be neither deleted nor disabled.
    expect((await manage(boss, 'user/setRole', { user_id: uid(other), role: 0 })).body.code).toBe(0);
    expect((await manage(boss, 'report/disableSender', { id: reported })).body.code).toBe(400);
    expect(await activeSupers()).toBe(1);
  });
});
