// What the service worker does with a Web Push and with a click on its notification,
// written against the few members of `self` it uses so web tests can call it directly.
// The payload is the Worker's (worker/providers/web-push.ts payloadFor): `{ web_push: 8030,
// notification: { title, body, navigate, app_badge } }`, `navigate` the chat's absolute URL.

export interface PushNotice {
  title: string;
  body: string;
  /** The chat's absolute URL (`https://host/#/pages/message/chat?id=12`). */
  navigate: string;
  badge: number | null;
}

/** A window of this origin, as clients.matchAll reports it. */
export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface ScopeLike {
  location: { origin: string };
  navigator: { setAppBadge?: (count?: number) => Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NoticeOptions): Promise<void> };
}

export interface NoticeOptions {
  body: string;
  icon: string;
  tag: string;
  renotify: boolean;
  data: string;
}

export interface NotificationLike {
  data: unknown;
  close(): void;
}

/** What the page (web/src/lib/app-update/register.ts) answers by opening `path` in its router. */
export const OPEN_CHAT = 'OPEN_CHAT';

const ICON = '/icon-192.png';

/** The notice in `payload` (the push's JSON), or null when it is not one of ours. */
export function noticeOf(payload: unknown): PushNotice | null {
  const note = (payload as { notification?: unknown } | null)?.notification as Record<string, unknown> | undefined;
  if (!note || typeof note.title !== 'string' || typeof note.navigate !== 'string') return null;
  return {
    title: note.title,
    body: typeof note.body === 'string' ? note.body : '',
    navigate: note.navigate,
    badge: typeof note.app_badge === 'number' ? note.app_badge : null,
  };
}

const windowsOf = (scope: ScopeLike) => scope.clients.matchAll({ type: 'window', includeUncontrolled: true });

/**
 * Shows the notice, one per chat (the tag is the chat, so a newer one replaces it quietly), unless
 * a Parley window is on screen and focused: that window already rings and shows the message.
 * The server pushes only while the user has no socket, but a socket may be reconnecting.
 */
export async function showPush(scope: ScopeLike, payload: unknown): Promise<void> {
  const notice = noticeOf(payload);
  if (!notice) return;
  if (notice.badge !== null && scope.navigator.setAppBadge)
    await scope.navigator.setAppBadge(notice.badge).catch(() => undefined);
  const windows = await windowsOf(scope);
  if (windows.some((w) => w.focused && w.visibilityState === 'visible')) return;
  await scope.registration.showNotification(notice.title, {
    body: notice.body,
    icon: ICON,
    tag: notice.navigate,
    renotify: false,
    data: notice.navigate,
  });
}

/** The in-app path of a chat URL of this origin (the hash router's part), or null. */
export function chatPathOf(scope: ScopeLike, url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === scope.location.origin && parsed.hash.startsWith('#/') ? parsed.hash.slice(1) : null;
  } catch {
    return null;
  }
}

/**
 * A click closes the notification and brings the chat up: in an open Parley window (focused,
 * then told to open the chat, which its hash router does without a reload), or in a new one.
 */
export async function openFromNotification(scope: ScopeLike, notification: NotificationLike): Promise<void> {
  notification.close();
  const url = typeof notification.data === 'string' ? notification.data : `${scope.location.origin}/`;
  const path = chatPathOf(scope, url);
  const windows = await windowsOf(scope);
  const open = windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
  if (open) {
    await open.focus().catch(() => undefined);
    if (path) open.postMessage({ type: OPEN_CHAT, path });
    return;
  }
  await scope.clients.openWindow(path ? url : `${scope.location.origin}/`);
}
