// Request schemas of the Web Push calls (/common/push): what a browser's PushSubscription.toJSON() sends.
import * as v from 'valibot';

/** An uncompressed P-256 point (0x04 ‖ x ‖ y, 65 bytes) is 87 base64url characters starting with B. */
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}$/;
/** The 16-byte authentication secret: 22 base64url characters. */
const AUTH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** Push services answer on https only (RFC 8030 §8); anything else would carry the body in clear. */
const endpoint = v.pipe(v.string(), v.maxLength(1024), v.url(), v.startsWith('https://'));

/**
 * The push services browsers subscribe with: Chrome's (FCM), Firefox's (Mozilla autopush), Safari's
 * (Apple) and Edge's (Windows). The Worker POSTs to a subscription's endpoint, so an endpoint
 * anywhere else would aim the Worker's requests at any host (an internal address, someone's site).
 */
const PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
const PUSH_HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/** Whether `url` is https on port 443 at a known push service, without userinfo (so never an IP or localhost). */
export function isPushServiceEndpoint(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, port, username, password, hostname } = new URL(url);
  // The URL parser drops https' default port, so "" is 443 and ":443" reads the same.
  if (protocol !== 'https:' || port !== '' || username !== '' || password !== '') return false;
  return PUSH_HOSTS.includes(hostname) || PUSH_HOST_SUFFIXES.some((suffix) => hostname.endsWith(suffix));
}

export const PushSubscribeBody = v.object({
  endpoint: v.pipe(endpoint, v.check(isPushServiceEndpoint)),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.regex(P256DH_PATTERN)),
    auth: v.pipe(v.string(), v.regex(AUTH_PATTERN)),
  }),
  device_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/))),
});

export const PushUnsubscribeBody = v.object({ endpoint });

/** "Show message text in notifications" (1 on, 0 off): the user's, for all their devices. */
export const PushSettingBody = v.object({ show_text: v.picklist([0, 1], 'system.parameterError') });

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

/** "Show message text in notifications" (push/setting): 1 on (the default), 0 off. */
export const PushShowTextSchema = v.object({ show_text: v.picklist([0, 1]) });
export type PushShowText = v.InferOutput<typeof PushShowTextSchema>;

/** push/publicKey: the VAPID key browsers subscribe with ('' while the operator has set none), and the setting. */
export const PushKeySchema = v.object({ publicKey: v.string(), ...PushShowTextSchema.entries });
export type PushKey = v.InferOutput<typeof PushKeySchema>;
