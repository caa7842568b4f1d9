// A push service (RFC 8030): one note, encrypted and VAPID-signed, POSTed to one subscription,
// retried with backoff after a 429 or 5xx. The payload is the declarative shape (`web_push: 8030`)
// that Safari shows by itself and other browsers' service workers read as JSON.
import type { PushSubscriptionRow } from '../db/push-subscriptions';
import { RING_SECONDS } from '../protocol/calls';
import type { MessageKey } from '../protocol/codes';
import { isPushServiceEndpoint } from '../protocol/push';
import { type Lang, translate } from '../services/i18n';
import { encryptPayload, vapidAuthorization, type VapidKeys } from '../services/web-push';

/** A notification's body for a message without text, in the subscription's language. */
export type PushLabel = Extract<MessageKey, `push.${string}`>;

export interface PushNote {
  /** One per chat (≤ 32 base64url characters): a newer note replaces an undelivered older one. */
  topic: string;
  title: string;
  /** The text itself (dropped when the user hides message text), or a label in the subscription's language. */
  body: { text: string } | { label: PushLabel; params?: Record<string, string> };
  /** A group message's sender, shown before the text ("An: …"). */
  from?: string;
  /** The chat's unread messages: from two on, the body says how many (the notification replaces the last one). */
  count: number;
  /** Where a click opens, from the app's origin. */
  path: string;
  badge: number;
  /** A ringing call: gone from the push service when the ring ends, and delivered at once. */
  ring?: boolean;
}

/** A message keeps for a day at the push service while the browser is offline. */
const MESSAGE_TTL_SECONDS = 86_400;
/** A push service that answers 429 or 5xx is asked again after 1 s, then 2 s (or its Retry-After, within bounds). */
const ATTEMPTS = 3;
const RETRY_AFTER_MAX_MS = 5_000;
/** A push service answers in well under a second; one that does not is given up on (a failure). */
export const PUSH_TIMEOUT_MS = 5_000;

export function vapidKeys(env: Env): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}

/** The notification's text in `lang`: "[3 messages] An: see you", the text replaced by a label when hidden. */
export function bodyOf(note: PushNote, lang: Lang, showText = true): string {
  const text =
    'text' in note.body
      ? showText
        ? note.body.text
        : translate(lang, 'push.hidden')
      : translate(lang, note.body.label, note.body.params);
  const from = note.from ? `${note.from}: ` : '';
  const count = note.count > 1 ? `${translate(lang, 'push.count', { count: note.count })} ` : '';
  return `${count}${from}${text}`;
}

export function payloadFor(note: PushNote, sub: Pick<PushSubscriptionRow, 'lang' | 'origin'>, showText = true): string {
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: note.title,
      body: bodyOf(note, sub.lang, showText),
      navigate: `${sub.origin}${note.path}`,
      app_badge: note.badge,
    },
  });
}

/**
 * One note to one subscription: 'gone' when the push service no longer knows it (404, 410), or when
 * its endpoint is no push service's (a row stored before the rule). Only to a known push service
 * (protocol/push.ts), never following a redirect (a 3xx is a failure), given up after
 * PUSH_TIMEOUT_MS. Failures are logged, never thrown.
 */
export async function sendNote(
  vapid: VapidKeys,
  sub: PushSubscriptionRow,
  note: PushNote,
  showText = true,
): Promise<'sent' | 'gone'> {
  if (!isPushServiceEndpoint(sub.endpoint)) return 'gone';
  try {
    const body = await encryptPayload(sub, new TextEncoder().encode(payloadFor(note, sub, showText)));
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(sub.endpoint, {
        method: 'POST',
        headers: {
          authorization: await vapidAuthorization(sub.endpoint, vapid),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          ttl: String(note.ring ? RING_SECONDS : MESSAGE_TTL_SECONDS),
          urgency: note.ring ? 'high' : 'normal',
          topic: note.topic,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      const retry = response.status === 429 || response.status >= 500;
      if (!retry || attempt + 1 >= ATTEMPTS) {
        if (!response.ok) console.warn('push refused', response.status);
        return 'sent';
      }
      await new Promise((done) => setTimeout(done, retryDelay(response.headers.get('retry-after'), attempt)));
    }
  } catch (error) {
    console.warn('push failed', error);
    return 'sent';
  }
}

/** The push service's Retry-After (seconds) within bounds, else 1 s, 2 s, … */
function retryDelay(header: string | null, attempt: number): number {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : 1000 * 2 ** attempt;
}
