// Abuse limits. Short bursts go through Cloudflare's rate-limiting binding: its
// counters live at the edge, so they cost no Durable Object or D1 round trip in production (in
// `wrangler dev` and the workerd tests Miniflare runs them). The binding knows only windows of 10
// or 60 s and a number fixed in wrangler.toml, so limits that are configurable or longer
// (sendInterval, daily uploads, registerInterval) are counted in a LimitHub instead.
import type { Context, MiddlewareHandler } from 'hono';

import type { AppEnv, Params } from '../app-env';
import { loadConfig } from '../db/config';
import { limitHub } from '../durable/stubs';
import { configNumber } from '../protocol/config-values';
import { DEFAULT_UPLOAD_MB_PER_DAY, DEFAULT_UPLOADS_PER_DAY } from '../protocol/limits';
import { ipBucket, requireClientIp } from '../services/client-ip';
import { tooManyRequests } from '../services/replies';

/**
 * Each burst limit: its binding (limit and window in wrangler.toml `[[ratelimits]]`), whom it
 * counts, and its window in seconds (the longest a refused caller waits).
 */
export const BURST_LIMITS = {
  send: { binding: 'SEND_LIMITER', per: 'user', period: 60 },
  ticket: { binding: 'TICKET_LIMITER', per: 'user', period: 60 },
  lookup: { binding: 'LOOKUP_LIMITER', per: 'user', period: 60 },
  register: { binding: 'REGISTER_LIMITER', per: 'ip', period: 60 },
  code: { binding: 'CODE_LIMITER', per: 'ip', period: 60 },
  call: { binding: 'CALL_LIMITER', per: 'user', period: 60 },
  group: { binding: 'GROUP_LIMITER', per: 'user', period: 60 },
  /** A search across every chat: recall or forward without the chat, a file list of every chat (worker/compat/). */
  find: { binding: 'FIND_LIMITER', per: 'user', period: 60 },
  /** A socket opened without a ticket, unbound until its first frame names the user (worker/compat/socket.ts). */
  unboundSocket: { binding: 'UNBOUND_SOCKET_LIMITER', per: 'ip', period: 60 },
} as const satisfies Record<string, { binding: keyof Env; per: 'user' | 'ip'; period: 10 | 60 }>;

export type BurstLimit = keyof typeof BURST_LIMITS;

/** The most one call counts for (a forward's copies). */
const MAX_WEIGHT = 5;

/**
 * Counts the call against `limit` `uses` times (e.g. the copies a forward makes) and refuses it
 * once the caller is over. A limiter that fails lets the call through: it guards, it never decides.
 */
export async function claimBurst(c: Context<AppEnv>, limit: BurstLimit, uses = 1): Promise<void> {
  const rule = BURST_LIMITS[limit];
  // Production requests without an address are refused, as at login: pooled under one key, one
  // client's calls would use up everyone's (register, sendCode). IPv6 counts by its /64 (ipBucket).
  const key =
    rule.per === 'user' ? `u:${c.get('identity').uid}` : `ip:${ipBucket(requireClientIp(c.get('requestIp')))}`;
  // One call per use: `delta` is not in every runtime yet (Miniflare in the vitest and Vite plugins).
  const count = Math.min(Math.max(1, Math.trunc(uses) || 1), MAX_WEIGHT);
  const outcomes = await Promise.all(
    Array.from({ length: count }, () =>
      c.env[rule.binding].limit({ key }).catch((error: unknown) => {
        console.error('rate limiter failed', limit, error);
        return { success: true };
      }),
    ),
  );
  if (outcomes.some((o) => !o.success)) throw tooManyRequests(rule.period);
}

/** `claimBurst` as a route's middleware; `weight` reads the call's parameters. */
export function burstLimit(limit: BurstLimit, weight: (params: Params) => number = () => 1): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await claimBurst(c, limit, weight(c.get('params') ?? {}));
    await next();
  };
}

/**
 * `chatInfo.sendInterval` (seconds, "0" off): one message per interval per user; forwards are exempt.
 * `isResend` is asked only when the interval refuses: a resend of a stored message is no new message.
 */
export async function spaceSends(c: Context<AppEnv>, isResend?: () => Promise<boolean>): Promise<void> {
  const { chatInfo } = await loadConfig(c.env.DB);
  const interval = configNumber(chatInfo.sendInterval, 0);
  if (interval <= 0) return;
  const uid = c.get('identity').uid;
  const wait = await limitHub(c.env, `user:${uid}`).claimInterval('send', interval * 1000);
  if (wait > 0 && !(await isResend?.())) throw tooManyRequests(wait / 1000, 'im.sendTimeLimit', { interval });
}

/** `sysInfo.registerInterval` (seconds, "0" off): one registration per interval per IP. */
export async function spaceRegistrations(c: Context<AppEnv>, intervalSeconds: number): Promise<void> {
  if (intervalSeconds <= 0) return;
  const wait = await limitHub(c.env, `ip:${requireClientIp(c.get('requestIp'))}`).claimInterval(
    'register',
    intervalSeconds * 1000,
  );
  if (wait > 0) throw tooManyRequests(wait / 1000);
}

/**
 * Uploads per user per UTC day: `fileUpload.dayCount` files and `fileUpload.dayMb` MB ("0" or
 * empty means the default). Claimed after the file passed its checks, before it is stored.
 */
export async function claimUpload(c: Context<AppEnv>, bytes: number): Promise<void> {
  const { fileUpload } = await loadConfig(c.env.DB);
  const config = fileUpload as Record<string, unknown>;
  const maxCount = configNumber(config.dayCount, DEFAULT_UPLOADS_PER_DAY) || DEFAULT_UPLOADS_PER_DAY;
  const maxBytes = (configNumber(config.dayMb, DEFAULT_UPLOAD_MB_PER_DAY) || DEFAULT_UPLOAD_MB_PER_DAY) * 1024 * 1024;
  const uid = c.get('identity').uid;
  const wait = await limitHub(c.env, `user:${uid}`).claimDaily('upload', bytes, maxCount, maxBytes);
  if (wait > 0) throw tooManyRequests(wait / 1000);
}
