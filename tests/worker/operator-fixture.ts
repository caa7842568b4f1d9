// The operator matrix's world (route-matrix.test.ts): a plain admin, two super
// admins, an ordinary user's group holding one super admin as a plain member and a group without
// them, and a report of a message that super admin sent; and a snapshot of everything a console
// action on a user could change (their row, notes, the groups' rosters, reports, the audit trail).
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { createGroup } from './group-helpers';
import { call, loginUser, operator, textMessage } from './helpers';
import type { OperatorFixture } from './route-rules';

export async function makeOperatorFixture(): Promise<OperatorFixture> {
  const [admin, boss, owner, member] = [await operator(2), await operator(1), await loginUser(), await loginUser()];
  await operator(1); // another super admin: the last-super-admin guard is never what refuses
  const group = await createGroup(owner, [boss, member]);
  const otherGroup = await createGroup(owner, [member]);
  const sent = await call('/enterprise/im/sendMessage', textMessage(member.userInfo.user_id, 'from the boss'), {
    token: boss.token,
  });
  const filed = await call(
    '/enterprise/im/reportMessage',
    { toContactId: boss.userInfo.user_id, msg_id: sent.body.data.msg_id, reason: 'spam' },
    { token: member.token },
  );
  expect(filed.body.code, JSON.stringify(filed.body)).toBe(0);
  const report = await env.DB.prepare('SELECT id FROM reports WHERE sender_id = ?1')
    .bind(boss.userInfo.user_id)
    .first<number>('id');
  const person = (u: typeof admin) => ({ token: u.token, uid: u.userInfo.user_id as number, account: u.account });
  return { admin: person(admin), boss: person(boss), group, otherGroup, report: report! };
}

const TABLES = ['users', 'user_notes', 'groups', 'group_members', 'reports', 'audit_log', 'token_revocations'];

async function snapshot(o: OperatorFixture) {
  const rows = await env.DB.batch(TABLES.map((t) => env.DB.prepare(`SELECT * FROM "${t}"`)));
  const rosters = await Promise.all([o.group, o.otherGroup].map((id) => conversationHub(env, id).groupRoster(id)));
  return {
    d1: Object.fromEntries(TABLES.map((t, n) => [t, rows[n]!.results.map((r) => JSON.stringify(r)).sort()])),
    rosters,
  };
}

/** The snapshot once earlier changes have landed (the groups' D1 projection follows their hubs). */
export async function settledOperators(o: OperatorFixture, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  let last = await snapshot(o);
  for (;;) {
    await new Promise((r) => setTimeout(r, 30));
    const next = await snapshot(o);
    if (JSON.stringify(next) === JSON.stringify(last) || Date.now() > deadline) return next;
    last = next;
  }
}
