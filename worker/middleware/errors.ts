// One error path: anything thrown becomes the envelope. AppError (services/replies.ts) carries a
// refusal the user may see; anything else is logged once and answered with a generic refusal, never a stack.
import type { Context } from 'hono';

import type { AppEnv } from '../app-env';
import { CODE } from '../protocol/codes';
import type { Envelope } from '../protocol/envelope';
import { translate } from '../services/i18n';
import { AppError } from '../services/replies';
import { fromOriginalClient } from './original-client';

/**
 * "Log in again" (-1) is HTTP 401 for Parley's clients. The original web client, which marks every
 * call with a `sessionId` header, opens its re-login dialog only for a 200 carrying -1 (a 401 is
 * just a toast to it), so it gets the reference's 200. The header changes only this status.
 */
const legacyRelogin = (err: AppError, c: Context<AppEnv>) =>
  err.code === CODE.RELOGIN && err.status === 401 && fromOriginalClient(c);

export function handleError(err: Error, c: Context<AppEnv>) {
  const lang = c.get('lang') ?? 'vi';
  if (err instanceof AppError) {
    if (err.status === 429) c.header('retry-after', String(err.params.seconds ?? 60));
    return c.json(
      { code: err.code, msg: translate(lang, err.key, err.params), data: err.data } satisfies Envelope,
      legacyRelogin(err, c) ? 200 : err.status,
    );
  }
  console.error('unexpected error', c.req.method, c.req.path, err);
  return c.json({ code: CODE.ERROR, msg: translate(lang, 'system.error'), data: null } satisfies Envelope, 200);
}
