// Web Push subscriptions in D1 (push_subscriptions): written by /common/push, read by a UserHub
// when its user has no socket, removed with the sessions that made them and when a push service
// says the subscription is gone (404/410).
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
  lang: Lang;
}

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
  ]);
}

export const subscriptionsOf = async (db: D1Database, userId: number) =>
  (
    await db
      .prepare('SELECT endpoint, p256dh, auth, lang, origin FROM push_subscriptions WHERE user_id = ?1')
      .bind(userId)
      .all<PushSubscriptionRow>()
  ).results;

/** Unsubscribing: only the caller's own row goes. */
export const removeSubscription = (db: D1Database, userId: number, endpoint: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND endpoint = ?2').bind(userId, endpoint).run();

/** The push service answered 404 or 410: the browser dropped it. */
export const forgetEndpoint = (db: D1Database, endpoint: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?1').bind(endpoint).run();

/** A logout: the subscriptions that login made. */
export const removeSessionSubscriptions = (db: D1Database, userId: number, sessionId: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND session_id = ?2').bind(userId, sessionId).run();

/** Logout everywhere, a password change, a disabled account: all of them. */
export const removeUserSubscriptions = (db: D1Database, userId: number) =>
  db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1').bind(userId).run();
