// One error path: anything thrown becomes the envelope. AppError carries a refusal the user
// may see; anything else is logged once and answered with a generic refusal, never a stack.
import type { Context } from 'hono';
import { CODE, type MessageKey } from '../protocol/codes';
import { translate } from '../services/i18n';
import type { AppEnv } from '../app-env';

export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly status: 200 | 401 | 404 | 413 = 200,
  ) {
    super(key);
  }
}

export const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(CODE.REFUSED, key, params);

export function envelope<T>(data: T, msg = '', extra: { count?: number; page?: number } = {}) {
  return { code: CODE.OK, msg, data, count: extra.count ?? 0, page: extra.page ?? 1 };
}

export function handleError(err: Error, c: Context<AppEnv>) {
  const lang = c.get('lang') ?? 'vi';
  if (err instanceof AppError) {
    return c.json({ code: err.code, msg: translate(lang, err.key, err.params), data: null }, err.status);
  }
  console.error('unexpected error', c.req.method, c.req.path, err);
  return c.json({ code: CODE.ERROR, msg: translate(lang, 'system.error'), data: null }, 200);
}
