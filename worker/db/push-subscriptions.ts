// Web Push subscriptions in D1 (push_subscriptions): written by /common/push, read by a UserHub
// when its user has no socket, removed with the sessions that made them (at logout, or found ended
// when pushing: push_sessions keeps each login's expiry, token_revocations its revocation) and
// when a push service says the subscription is gone (404/410).
import type { Lang } from '../services/i18n';

/** A user keeps at most this many (one per browser they allowed); a new one pushes out the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 5;

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Lang;
  origin: string;
}

export interface NewSubscription extends Omit<PushSubscriptionRow, 'lang'> {
  userId: number;
  deviceId: string;
  sessionId: string;
  /** When the subscribing token expires (seconds): the login lasts at least that long. */
  sessionExpires: number;
  lang: Lang;
}

const now = () => Math.floor(Date.now() / 1000);

export async function saveSubscription(db: D1Database, s: NewSubscription): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO push_subscriptions (user_id, device_id, session_id, endpoint, p256dh, auth, lang, origin, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, unixepoch())
         ON CONFLICT(endpoint) DO UPDATE SET user_id = ?1, device_id = ?2, session_id = ?3, p256dh = ?5,
           auth = ?6, lang = ?7, origin = ?8, created_at = unixepoch()`,
      )
      .bind(s.userId, s.deviceId, s.sessionId, s.endpoint, s.p256dh, s.auth, s.lang, s.origin),
    db
      .prepare(
        `DELETE FROM push_subscriptions WHERE user_id = ?1 AND endpoint NOT IN
           (SELECT endpoint FROM push_subscriptions WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT ?2)`,
      )
      .bind(s.userId, PUSH_SUBSCRIPTIONS_MAX),
    db
      .prepare(
        `INSERT INTO push_sessions (session_id, user_id, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT(session_id) DO UPDATE SET expires_at = MAX(expires_at, excluded.expires_at)`,
      )
      .bind(s.sessionId, s.userId, s.sessionExpires),
  ]);
}

/** A token of `sessionId` was renewed until `expiresAt` (seconds): its subscriptions live on (no row, no change). */
export const extendPushSession = (db: D1Database, sessionId: string, expiresAt: number) =>
  db
    .prepare('UPDATE push_sessions SET expires_at = MAX(expires_at, ?2) WHERE session_id = ?1')
    .bind(sessionId, expiresAt)
    .run();

/**
 * The user's subscriptions whose login is still valid (not expired, not revoked); those of an
 * ended login are deleted here, the first time a push would have gone to them.
 */
export async function subscriptionsOf(db: D1Database, userId: number): Promise<PushSubscriptionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.endpoint, s.p256dh, s.auth, s.lang, s.origin,
         EXISTS (SELECT 1 FROM push_sessions p WHERE p.session_id = s.session_id AND p.expires_at > ?2)
         AND NOT EXISTS (SELECT 1 FROM token_revocations r WHERE r.jti = s.session_id) AS live
       FROM push_subscriptions s WHERE s.user_id = ?1`,
    )
    .bind(userId, now())
    .all<PushSubscriptionRow & { live: number }>();
  const ended = results.filter((r) => !r.live).map((r) => r.endpoint);
  if (ended.length > 0)
    await db
      .prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND endpoint IN (SELECT value FROM json_each(?2))')
      .bind(userId, JSON.stringify(ended))
      .run();
  return results.filter((r) => r.live).map(({ live: _live, ...row }) => row);
}

/** Unsubscribing: only the caller's own row goes. */
export const removeSubscription = (db: D1Database, userId: number, endpoint: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND endpoint = ?2').bind(userId, endpoint).run();

/** The push service answered 404 or 410: the browser dropped it. */
export const forgetEndpoint = (db: D1Database, endpoint: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?1').bind(endpoint).run();

/** A logout: the subscriptions that login made. */
export const removeSessionSubscriptions = (db: D1Database, userId: number, sessionId: string) =>
  db.batch([
    db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND session_id = ?2').bind(userId, sessionId),
    db.prepare('DELETE FROM push_sessions WHERE user_id = ?1 AND session_id = ?2').bind(userId, sessionId),
  ]);

/** Logout everywhere, a password change, a disabled account: all of them. */
export const removeUserSubscriptions = (db: D1Database, userId: number) =>
  db.batch([
    db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1').bind(userId),
    db.prepare('DELETE FROM push_sessions WHERE user_id = ?1').bind(userId),
  ]);

/** Swept with the revocations (db/security.ts): the expiries of logins that have ended (their subscriptions go when next pushed to). */
export const sweepPushSessions = (db: D1Database) =>
  db.prepare('DELETE FROM push_sessions WHERE expires_at < ?1').bind(now());
