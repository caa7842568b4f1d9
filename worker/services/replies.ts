// What a handler answers: the success envelope, or an AppError thrown from any layer, which the one
// error handler (middleware/errors.ts) turns into a translated refusal. Plain values, so D1 helpers
// and pure rules can refuse without reaching into the HTTP layer.
import { CODE, type MessageKey } from '../protocol/codes';
import type { Envelope } from '../protocol/envelope';

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status: 200 | 401 | 404 | 413 | 429 = 200,
    /** The envelope's `data` (null when absent): a "log in again" refusal says why (protocol/sign-out.ts). */
    readonly data: unknown = null,
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
  throw new AppError(
    key === 'im.notMember' ? CODE.FORBIDDEN : key === 'group.allMuted' ? CODE.HARD_REFUSED : CODE.REFUSED,
    key,
  );
}

export function envelope<T>(data: T, msg = '', extra: { count?: number; page?: number } = {}) {
  return { code: CODE.OK, msg, data, count: extra.count ?? 0, page: extra.page ?? 1 } satisfies Envelope;
}

/** HTTP 429 with the envelope: "too many requests, try again in N s" (or another key with `seconds`). */
export const tooManyRequests = (
  seconds: number,
  key: MessageKey = 'system.tooManyRequests',
  params: Record<string, number> = {},
) => new AppError(CODE.REFUSED, key, { ...params, seconds: Math.max(1, Math.ceil(seconds)) }, 429);
