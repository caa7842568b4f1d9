// One error path: anything thrown becomes the envelope. AppError carries a refusal the user
// may see; anything else is logged once and answered with a generic refusal, never a stack.
import type { Context } from 'hono';
import { CODE, type MessageKey } from '../protocol/codes';
import type { Envelope } from '../protocol/envelope';
import { translate } from '../services/i18n';
import type { AppEnv } from '../app-env';

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status: 200 | 401 | 404 | 413 | 429 = 200,
  ) {
    super(key);
  }
}

export const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(CODE.REFUSED, key, params);

/** An unknown path or object: HTTP 404 with the translated "not found" envelope. */
export const notFound = () => new AppError(CODE.NOT_FOUND, 'system.notFound', {}, 404);

/** Unwraps a Durable Object's result: refusals cross the RPC boundary as values, not exceptions. */
export function settled<V>(result: { ok: boolean; value?: V; key?: MessageKey }): V {
  if (result.ok) return result.value as V;
  const key = result.key ?? 'system.fail';
  // A whole-group mute is the reference's hard refusal (401): its clients drop the pending message.
  throw new AppError(key === 'im.notMember' ? CODE.FORBIDDEN : key === 'group.allMuted' ? CODE.HARD_REFUSED : CODE.REFUSED, key);
}

export function envelope<T>(data: T, msg = '', extra: { count?: number; page?: number } = {}) {
  return { code: CODE.OK, msg, data, count: extra.count ?? 0, page: extra.page ?? 1 } satisfies Envelope;
}

export function handleError(err: Error, c: Context<AppEnv>) {
  const lang = c.get('lang') ?? 'vi';
  if (err instanceof AppError) {
    if (err.status === 429) c.header('retry-after', String(err.params.seconds ?? 60));
    return c.json({ code: err.code, msg: translate(lang, err.key, err.params), data: null } satisfies Envelope, err.status);
  }
  console.error('unexpected error', c.req.method, c.req.path, err);
  return c.json({ code: CODE.ERROR, msg: translate(lang, 'system.error'), data: null } satisfies Envelope, 200);
}
