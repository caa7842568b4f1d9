// The client's address for throttling. Cloudflare sets cf-connecting-ip on every request from the
// internet; only development (`wrangler dev`, tests, the benchmark) may lack it, and there each such
// request falls back to 127.0.0.1 (it is all one person). In production a request without it is
// not pooled under one address, where one client's failures would throttle everyone's: it has
// no address (''), and the calls that throttle by address refuse it (requireClientIp).
import { refuse } from './replies';

export function clientIp(header: string | undefined, env: { DEV_MAILBOX?: string }): string {
  const ip = header?.trim();
  if (ip) return ip;
  return env.DEV_MAILBOX === 'true' ? '127.0.0.1' : '';
}

/** The address a guess is counted against; a request without one is refused, never pooled. */
export function requireClientIp(ip: string): string {
  if (!ip) throw refuse('system.notAuth');
  return ip;
}
