// A push service (RFC 8030): one note, encrypted and VAPID-signed, POSTed to one subscription,
// retried once after a 429 or 5xx. The payload is the declarative shape (`web_push: 8030`) that
// Safari shows by itself and other browsers' service workers read as JSON.
import type { PushSubscriptionRow } from '../db/push-subscriptions';
import type { MessageKey } from '../protocol/codes';
import { translate } from '../services/i18n';
import { encryptPayload, vapidAuthorization, type VapidKeys } from '../services/web-push';

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

/** One note to one subscription: 'gone' when the push service no longer knows it (404, 410). Failures are logged, never thrown. */
export async function sendNote(vapid: VapidKeys, sub: PushSubscriptionRow, note: PushNote): Promise<'sent' | 'gone'> {
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
      if (response.status === 404 || response.status === 410) return 'gone';
      const retry = response.status === 429 || response.status >= 500;
      if (!retry || attempt > 0) {
        if (!response.ok) console.warn('push refused', response.status);
        return 'sent';
      }
      await new Promise((done) => setTimeout(done, retryDelay(response.headers.get('retry-after'))));
    }
  } catch (error) {
    console.warn('push failed', error);
    return 'sent';
  }
}

/** The push service's Retry-After (seconds) within bounds, else one second. */
function retryDelay(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : 1000;
}
