// The operator console's gate (issue 25 item 1): the caller's role is read from D1 at each request
// (never from the token), so a demoted or disabled operator loses the console at once. While the
// demo runs, the shared demo accounts may look but not change anything (as the reference).
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { operatorOf } from '../db/manage-users';
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
