// Sending Web Push notes to a user's subscriptions (RFC 8030): one request at a time per
// subscription, in order, a retry after a 429 or 5xx, and the subscription forgotten when the
// push service answers 404 or 410. The payload is the declarative shape (`web_push: 8030`) that
// Safari shows by itself and other browsers' service workers read as JSON.
import { forgetEndpoint, type PushSubscriptionRow, subscriptionsOf } from '../db/push-subscriptions';
import type { MessageKey } from '../protocol/codes';
import { translate } from './i18n';
import { encryptPayload, vapidAuthorization, type VapidKeys } from './web-push';

/** A notification's body for a message without text, in the subscription's language. */
export type PushLabel = Extract<MessageKey, `push.${string}`>;

export interface PushNote {
  /** One per chat (≤ 32 base64url characters): a newer note replaces an undelivered older one. */
  topic: string;
  title: string;
  /** The text itself, or a label in the subscription's language for a message without text. */
  body: { text: string } | { label: PushLabel };
  /** Where a click opens, from the app's origin. */
  path: string;
  badge: number;
}

/** A message keeps for a day at the push service while the browser is offline. */
const MESSAGE_TTL_SECONDS = 86_400;
const RETRY_AFTER_MAX_MS = 5_000;

export function vapidKeys(env: Env): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}

export function payloadFor(note: PushNote, sub: Pick<PushSubscriptionRow, 'lang' | 'origin'>): string {
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: note.title,
      body: 'text' in note.body ? note.body.text : translate(sub.lang, note.body.label),
      navigate: `${sub.origin}${note.path}`,
      app_badge: note.badge,
    },
  });
}

/** Sends `notes` to every subscription of `uid`; nothing when push is not configured or none exists. */
export async function sendNotes(env: Env, uid: number, notes: PushNote[]): Promise<void> {
  const vapid = vapidKeys(env);
  if (!vapid || notes.length === 0) return;
  const subs = await subscriptionsOf(env.DB, uid);
  await Promise.all(
    subs.map(async (sub) => {
      for (const note of notes) if (!(await sendOne(env, vapid, sub, note))) return;
    }),
  );
}

/** One note to one subscription; false when the subscription is gone. Failures are logged, never thrown. */
async function sendOne(env: Env, vapid: VapidKeys, sub: PushSubscriptionRow, note: PushNote): Promise<boolean> {
  try {
    const body = await encryptPayload(sub, new TextEncoder().encode(payloadFor(note, sub)));
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(sub.endpoint, {
        method: 'POST',
        headers: {
          authorization: await vapidAuthorization(sub.endpoint, vapid),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(MESSAGE_TTL_SECONDS),
          urgency: 'normal',
          topic: note.topic,
        },
        body,
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await forgetEndpoint(env.DB, sub.endpoint);
        return false;
      }
      const retry = response.status === 429 || response.status >= 500;
      if (!retry || attempt > 0) {
        if (!response.ok) console.warn('push refused', response.status);
        return true;
      }
      await new Promise((done) => setTimeout(done, retryDelay(response.headers.get('retry-after'))));
    }
  } catch (error) {
    console.warn('push failed', error);
    return true;
  }
}

/** The push service's Retry-After (seconds) within bounds, else one second. */
function retryDelay(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : 1000;
}
