// Counts a guess at an account's password or code before it is checked (db/login-guard.ts), so
// guesses sent at once cannot all pass one check; a refused guess is never checked. Login and
// password change both go through here.
import type { Context } from 'hono';

import type { AppEnv } from '../app-env';
import { takeGuess } from '../db/login-guard';
import { requireClientIp } from '../services/client-ip';
import { minutesOf } from '../services/login-rules';
import { refuse } from '../services/replies';

export async function countGuess(c: Context<AppEnv>, account: string): Promise<void> {
  const verdict = await takeGuess(c.env.DB, account, requireClientIp(c.get('requestIp')));
  if (!verdict.ok) throw refuse('user.loginLimit', { minutes: minutesOf(verdict.waitSeconds) });
}
