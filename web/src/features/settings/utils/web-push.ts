// This browser's Web Push state for the Notifications row, and turning it on (permission, then a
// subscription the server is told of) or off. Permission is asked only from turnPushOn, which the
// row calls from a tap: browsers refuse or penalize a prompt nobody asked for.
import { getPushKey, postSubscription, postUnsubscribe } from '../api/push-calls';

export type PushState = 'checking' | 'on' | 'off' | 'blocked' | 'unsupported' | 'installFirst' | 'unconfigured';

const canPush = () =>
  'serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function';

/** iOS (and iPadOS, which says Macintosh) offers Web Push only to an app added to the Home Screen. */
function iosInBrowser(): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as { standalone?: boolean }).standalone === true ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
  return ios && !standalone;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** What the row shows, read without asking anything of the user. Offline, the key cannot be read: rejects. */
export async function readPushState(): Promise<PushState> {
  if (!canPush()) return iosInBrowser() ? 'installFirst' : 'unsupported';
  if ((await getPushKey()) === '') return 'unconfigured';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
  if (!subscription) return 'off';
  // The server forgets a login's subscriptions at logout, the browser keeps them: saving again
  // (idempotent) makes On true for the account signed in now.
  await postSubscription(subscription, true).catch(() => undefined);
  return 'on';
}

/** At sign-in: tells the server of the subscription this browser kept, if notifications are on (never asks anything). */
export async function repostPushSubscription(): Promise<void> {
  if (!canPush() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription().catch(() => null);
  if (subscription) await postSubscription(subscription, true).catch(() => undefined);
}

/** The base64url key as the bytes pushManager.subscribe wants. */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
}

/**
 * How long the push service gets to answer a subscribe. Unreachable (offline, or blocked as
 * Google's is in some networks), Chromium's subscribe never settles; the switch must not wait with it.
 * A subscription that arrives later is the browser's: the row's next read posts it and shows On.
 */
export const SUBSCRIBE_TIMEOUT_MS = 15_000;

/** No push service answered the subscribe: it timed out, or the browser found none (Chromium's AbortError). */
export class NoPushService extends Error {
  constructor() {
    super('the push service did not answer');
  }
}

function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoPushService()), ms);
  });
  const asked = promise.catch((error: unknown) => {
    throw error instanceof DOMException && error.name === 'AbortError' ? new NoPushService() : error;
  });
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}

/**
 * Asks permission, subscribes with the server's key and tells the server. Rejects when the push
 * service (within SUBSCRIBE_TIMEOUT_MS) or the server could not be reached; a subscription the server never heard of is dropped.
 */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const key = await getPushKey();
  if (key === '') return 'unconfigured';
  const registration = await navigator.serviceWorker.ready;
  const subscription = await withinTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  try {
    await postSubscription(subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/** Drops the browser's subscription first: a server that missed the call forgets it at the push service's 410. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await subscription.unsubscribe();
    await postUnsubscribe(subscription.endpoint).catch(() => undefined);
  }
  return 'off';
}
