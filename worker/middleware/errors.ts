// One error path: anything thrown becomes the envelope. AppError (services/replies.ts) carries a
// refusal the user may see; anything else is logged once and answered with a generic refusal, never a stack.
import type { Context } from 'hono';

import type { AppEnv } from '../app-env';
import { CODE } from '../protocol/codes';
import type { Envelope } from '../protocol/envelope';
import { translate } from '../services/i18n';
import { AppError } from '../services/replies';

export function handleError(err: Error, c: Context<AppEnv>) {
  const lang = c.get('lang') ?? 'vi';
  if (err instanceof AppError) {
    if (err.status === 429) c.header('retry-after', String(err.params.seconds ?? 60));
    return c.json(
      { code: err.code, msg: translate(lang, err.key, err.params), data: err.data } satisfies Envelope,
      err.status,
    );
  }
  console.error('unexpected error', c.req.method, c.req.path, err);
  return c.json({ code: CODE.ERROR, msg: translate(lang, 'system.error'), data: null } satisfies Envelope, 200);
}
