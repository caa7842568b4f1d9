// manage/user/*: the operator console's users. Every change is
// audited in the same D1 batch as the change; disabling and a password reset end the user's
// sessions and sockets through the session machinery (actions/sessions.ts). An admin acts on
// ordinary users only, nobody changes their own role or status (middleware/operator.ts mayActOn),
// and nobody can lock out the last super admin (the UPDATE's own guard, db/manage-users.ts).
import { type Context, Hono } from 'hono';

import { deleteAccount, ownedGroups } from '../../actions/delete-account';
import { disableAccount, endSessionsBelow } from '../../actions/sessions';
import type { AppEnv } from '../../app-env';
import { appendAudit, auditStatement } from '../../db/audit';
import {
  enableStatement,
  listUsers,
  managedUser,
  setRole,
  setRoleStatement,
  USER_DELETED,
} from '../../db/manage-users';
import { saveNotesStatement } from '../../db/user-notes';
import { findUserByAccount, findUserById, insertUser, setPassword, updateProfile } from '../../db/users';
import { mayActOn, mayChange, superOnly } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { ManagedUser } from '../../protocol/console';
import {
  ManageAddUserBody,
  ManageEditPasswordBody,
  ManageEditUserBody,
  ManageSetRoleBody,
  ManageSetStatusBody,
  ManageUserIdBody,
  ManageUserListBody,
  ROLE_SUPER,
} from '../../protocol/manage';
import { hashPassword } from '../../services/password';
import { envelope, refuse } from '../../services/replies';
import { targetCards } from '../groups';
import { demoView, shownUsers } from './demo-view';

export const manageUsers = new Hono<AppEnv>();

const actor = (c: Context<AppEnv>) => c.get('identity').uid;

async function target(c: Context<AppEnv>, userId: number): Promise<ManagedUser> {
  const user = await managedUser(c.env.DB, userId);
  // A deleted account is gone for the console too: nothing of it is left to change.
  if (!user || user.status === USER_DELETED) throw refuse('user.notExist');
  return user;
}

/** A new role, set alone before anything else of the request: refused when it would leave no super admin. */
async function changeRole(c: Context<AppEnv>, userId: number, role: number): Promise<void> {
  if (!(await setRole(c.env.DB, userId, role))) throw refuse('manage.lastSuperAdmin');
}

manageUsers.post('/index', async (c) => {
  const q = input(c, ManageUserListBody);
  const { rows, count } = await listUsers(c.env.DB, { ...q, demoOnly: demoView(c), lang: c.get('lang') });
  return c.json(envelope((await shownUsers(c, rows)) satisfies ManagedUser[], '', { count, page: q.page }));
});

manageUsers.post('/detail', async (c) => {
  const { user_id } = input(c, ManageUserIdBody);
  const user = await target(c, user_id);
  // The demo's view: a real person is as missing as an unknown one.
  if (demoView(c) && !user.is_demo) throw refuse('user.notExist');
  const [shown] = await shownUsers(c, [user]);
  return c.json(envelope(shown satisfies ManagedUser | undefined));
});

manageUsers.post('/add', async (c) => {
  const body = input(c, ManageAddUserBody);
  if (body.role !== 0) superOnly(c);
  mayChange(c);
  if (await findUserByAccount(c.env.DB, body.account)) throw refuse('user.already');
  const row = await insertUser(c.env.DB, {
    account: body.account,
    realname: body.realname,
    passwordHash: await hashPassword(body.password),
    email: body.email,
    isAuth: 0,
    registerIp: '',
  });
  if (!row) throw refuse('user.already');
  const batch = [
    auditStatement(c.env.DB, {
      actor: actor(c),
      action: 'user.add',
      target: `user:${row.user_id}`,
      after: { account: body.account, realname: body.realname, role: body.role },
    }),
  ];
  if (body.sex !== 2 || body.role !== 0) {
    await updateProfile(c.env.DB, row.user_id, { sex: body.sex });
    if (body.role !== 0) batch.push(setRoleStatement(c.env.DB, row.user_id, body.role));
  }
  await c.env.DB.batch(batch);
  return c.json(envelope((await target(c, row.user_id)) satisfies ManagedUser));
});

manageUsers.post('/edit', async (c) => {
  const { user_id, role, remark, cs_uid, ...fields } = input(c, ManageEditUserBody);
  mayChange(c);
  const before = await target(c, user_id);
  const newRole = role !== undefined && role !== before.role;
  mayActOn(c, before, newRole ? 'standing' : 'other');
  if (newRole) superOnly(c);
  if (cs_uid) await checkAgent(c, user_id, cs_uid);
  if (newRole) await changeRole(c, user_id, role);
  await updateProfile(c.env.DB, user_id, fields);
  const notes = Object.fromEntries(Object.entries({ remark, cs_uid }).filter(([, v]) => v !== undefined));
  const changed = { ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), ...notes };
  const statements = [
    auditStatement(c.env.DB, {
      actor: actor(c),
      action: 'user.edit',
      target: `user:${user_id}`,
      before: pick(before, [...Object.keys(changed), ...(role !== undefined ? ['role'] : [])]),
      after: { ...changed, ...(role !== undefined ? { role } : {}) },
    }),
  ];
  if (Object.keys(notes).length > 0) statements.push(saveNotesStatement(c.env.DB, user_id, notes));
  await c.env.DB.batch(statements);
  return c.json(envelope((await target(c, user_id)) satisfies ManagedUser));
});

manageUsers.post('/setstatus', async (c) => {
  const { user_id, status } = input(c, ManageSetStatusBody);
  mayChange(c);
  const before = await target(c, user_id);
  mayActOn(c, before, 'standing');
  if (before.status === status) return c.json(envelope(before satisfies ManagedUser));
  if (status === 0) {
    if (!(await disableAccount(c.env, user_id))) throw refuse('manage.lastSuperAdmin');
    await appendAudit(c.env.DB, {
      actor: actor(c),
      action: 'user.disable',
      target: `user:${user_id}`,
      before: { status: 1 },
      after: { status: 0 },
    });
  } else {
    await c.env.DB.batch([
      enableStatement(c.env.DB, user_id),
      auditStatement(c.env.DB, {
        actor: actor(c),
        action: 'user.enable',
        target: `user:${user_id}`,
        before: { status: 0 },
        after: { status: 1 },
      }),
    ]);
  }
  return c.json(envelope((await target(c, user_id)) satisfies ManagedUser));
});

manageUsers.post('/setrole', async (c) => {
  const { user_id, role } = input(c, ManageSetRoleBody);
  superOnly(c);
  const before = await target(c, user_id);
  mayActOn(c, before, 'standing');
  if (before.role === role) return c.json(envelope(before satisfies ManagedUser));
  await changeRole(c, user_id, role);
  await appendAudit(c.env.DB, {
    actor: actor(c),
    action: 'user.setRole',
    target: `user:${user_id}`,
    before: { role: before.role },
    after: { role },
  });
  return c.json(envelope((await target(c, user_id)) satisfies ManagedUser));
});

manageUsers.post('/editpassword', async (c) => {
  const { user_id, password } = input(c, ManageEditPasswordBody);
  mayChange(c);
  mayActOn(c, await target(c, user_id));
  const version = await setPassword(c.env.DB, user_id, await hashPassword(password));
  // Audited before the sessions end: a refused token reads this row to say why (db/audit.ts passwordResetSince).
  await appendAudit(c.env.DB, { actor: actor(c), action: 'user.editPassword', target: `user:${user_id}` });
  await endSessionsBelow(c.env, user_id, version);
  return c.json(envelope(null));
});

/** A customer-service agent is an active user other than the one they serve. */
async function checkAgent(c: Context<AppEnv>, userId: number, agent: number): Promise<void> {
  if (agent === userId) throw refuse('manage.csSelf');
  const row = await findUserById(c.env.DB, agent);
  if (row?.status !== 1) throw refuse('manage.csInactive');
}

// Delete: the operator accounts only by a super admin (mayActOn), never oneself or the last super
// admin (demoted first, under the guard), and never a group's owner (the console changes the owner
// or dissolves the group first).
manageUsers.post('/del', async (c) => {
  const { user_id } = input(c, ManageUserIdBody);
  mayChange(c);
  const before = await target(c, user_id);
  if (user_id === actor(c)) throw refuse('manage.notSelfDelete');
  mayActOn(c, before);
  const owned = await ownedGroups(c.env.DB, user_id);
  if (owned.length > 0) throw refuse('manage.ownsGroups', { count: owned.length });
  if (before.role === ROLE_SUPER) await changeRole(c, user_id, 0);
  const [card] = await targetCards(c.env.DB, [user_id]);
  const after = await deleteAccount(c.env, c.get('me'), card!, {
    actor: actor(c),
    action: 'user.delete',
    target: `user:${user_id}`,
    before: pick(before, ['account', 'realname', 'email', 'role', 'status']),
  });
  c.executionCtx.waitUntil(after());
  return c.json(envelope(null));
});

function pick(row: ManagedUser, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, (row as unknown as Record<string, unknown>)[k]]));
}
