// The operator console's gate: the caller's role is read from D1 at each request
// (never from the token), so a demoted or disabled operator loses the console at once. While the
// demo runs, the shared demo accounts may look but not change anything (as the reference).
// Operator roles hold: one rule, `mayActOn`, for every console action on a user.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { operatorOf } from '../db/manage-users';
import { findUsersByIds } from '../db/users';
import { isOperatorRole, ROLE_SUPER } from '../protocol/manage';
import { sharedDemoAccount } from '../services/account-rules';
import { refuse } from '../services/replies';

export const requireOperator = createMiddleware<AppEnv>(async (c, next) => {
  const me = await operatorOf(c.env.DB, c.get('identity').uid);
  if (!me || me.status !== 1 || !isOperatorRole(me.role)) throw refuse('system.notAuth');
  c.set('operator', { role: me.role, demoLocked: sharedDemoAccount(me, c.env.DEMO_MODE) });
  await next();
});

/** A change: refused for a shared demo account while the demo runs. */
export function mayChange(c: Context<AppEnv>): void {
  if (c.get('operator').demoLocked) throw refuse('system.demoMode');
}

/** A change only a super admin makes (roles, announcements, settings). */
export function superOnly(c: Context<AppEnv>): void {
  if (c.get('operator').role !== ROLE_SUPER) throw refuse('system.notAuth');
  mayChange(c);
}

/**
 * The one rule for a console action on a user (`target`, as D1 has them now): on an operator
 * (role > 0: an admin or a super admin) only a super admin acts, so an admin can neither reset a
 * super admin's password (and sign in as them) nor disable, edit, delete or move them; and a change
 * of `standing` (role or status) is never one's own. Whether the change leaves a super admin is
 * the UPDATE's own guard (db/manage-users.ts KEEPS_A_SUPER_ADMIN).
 */
export function mayActOn(
  c: Context<AppEnv>,
  target: { user_id: number; role: number },
  change: 'standing' | 'other' = 'other',
): void {
  if (change === 'standing' && target.user_id === c.get('identity').uid) throw refuse('manage.notSelfStanding');
  if (target.role > 0 && c.get('operator').role !== ROLE_SUPER) throw refuse('manage.operatorTarget');
}

/** `mayActOn` for users named by id (group members, a report's sender): each as D1 has them now. */
export async function mayActOnUsers(c: Context<AppEnv>, ids: number[]): Promise<void> {
  if (c.get('operator').role === ROLE_SUPER || ids.length === 0) return;
  const rows = await findUsersByIds(c.env.DB, ids);
  for (const id of ids) mayActOn(c, { user_id: id, role: rows.get(id)?.role ?? 0 });
}
