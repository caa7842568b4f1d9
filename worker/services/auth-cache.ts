// A verified token's outcome is remembered by the isolate, so a stream of requests costs one
// signature check and one D1 look-up instead of one per request. Logout and password changes
// clear it on the isolate that handled them; every isolate also follows the revocations and user
// changes in D1 about once a second (db/token-feed.ts) and drops what they touch, and re-checks
// every entry after TTL_MS in any case.
import type { UserCard } from '../protocol/messages';
import type { Identity } from './tokens';

const TTL_MS = 10 * 60_000;

/**
 * A lifetime between 80% and 100% of `ms`. Clients that started together would otherwise all
 * expire together and send a burst of D1 look-ups at the same moment, every TTL.
 */
export function spread(ms: number, random = Math.random()): number {
  return Math.round(ms * (0.8 + 0.2 * random));
}
const MAX_ENTRIES = 10_000;

export interface VerifiedToken {
  identity: Identity;
  me: UserCard;
  role: number;
  tokenVersion: number;
}

const entries = new Map<string, { value: VerifiedToken; until: number }>();

export function recall(token: string, now = Date.now()): VerifiedToken | null {
  const hit = entries.get(token);
  if (!hit) return null;
  if (hit.until > now && hit.value.identity.exp * 1000 > now) return hit.value;
  entries.delete(token);
  return null;
}

export function remember(token: string, value: VerifiedToken, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(token, { value, until: now + spread(TTL_MS) });
}

export function forgetToken(token: string): void {
  entries.delete(token);
}

export function forgetUser(uid: number): void {
  for (const [token, hit] of entries) if (hit.value.identity.uid === uid) entries.delete(token);
}

/** Drops the tokens of revoked sessions (every renewal of a login shares its session id). */
export function forgetSessions(sids: string[]): void {
  if (sids.length === 0) return;
  const gone = new Set(sids);
  for (const [token, hit] of entries) if (gone.has(hit.value.identity.sid)) entries.delete(token);
}

export function forgetAll(): void {
  entries.clear();
}
