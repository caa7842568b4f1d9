// The service worker's push and notificationclick handlers (web/sw/push.ts), called with a
// stand-in for `self`, and the page's side of a click (lib/app-update/register.ts).
import { describe, expect, it, vi } from 'vitest';

import { registerAppUpdates } from '../../web/src/lib/app-update/register';
import { openFromNotification, type ScopeLike, showPush, type WindowLike } from '../../web/sw/push';

const ORIGIN = 'https://parley.example';
const CHAT = `${ORIGIN}/#/pages/message/chat?id=12`;
const payload = (notification: Record<string, unknown> = {}) => ({
  web_push: 8030,
  notification: { title: 'Bob', body: 'hello', navigate: CHAT, app_badge: 3, ...notification },
});

function windowAt(shape: Partial<WindowLike> = {}): WindowLike {
  return {
    url: `${ORIGIN}/#/`,
    focused: false,
    visibilityState: 'hidden',
    focus: vi.fn(() => Promise.resolve()),
    postMessage: vi.fn(),
    ...shape,
  };
}

function scope(windows: WindowLike[] = [], badge = true) {
  const showNotification = vi.fn(() => Promise.resolve());
  const openWindow = vi.fn(() => Promise.resolve(null));
  const setAppBadge = vi.fn(() => Promise.resolve());
  const matchAll = vi.fn(() => Promise.resolve(windows));
  const self: ScopeLike = {
    location: { origin: ORIGIN },
    navigator: badge ? { setAppBadge } : {},
    clients: { matchAll, openWindow },
    registration: { showNotification },
  };
  return { self, showNotification, openWindow, setAppBadge, matchAll };
}

describe('a push arriving at the service worker', () => {
  it('shows one notification per chat: its title and body, the app icon, the chat as tag and data, no second alert', async () => {
    const sw = scope();
    await showPush(sw.self, payload());
    expect(sw.showNotification).toHaveBeenCalledWith('Bob', {
      body: 'hello',
      icon: '/icon-192.png',
      tag: CHAT,
      renotify: false,
      data: CHAT,
    });
    expect(sw.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('shows nothing while a Parley window is visible and focused, but still when one is hidden or unfocused', async () => {
    const onScreen = scope([windowAt({ focused: true, visibilityState: 'visible' })]);
    await showPush(onScreen.self, payload());
    expect(onScreen.showNotification).not.toHaveBeenCalled();

    const behind = scope([windowAt({ visibilityState: 'visible' }), windowAt({ focused: true })]);
    await showPush(behind.self, payload());
    expect(behind.showNotification).toHaveBeenCalledTimes(1);
  });

  it('sets the app badge to the unread count where the browser has one, and shows the note where it has none', async () => {
    const withBadge = scope([windowAt({ focused: true, visibilityState: 'visible' })]);
    await showPush(withBadge.self, payload({ app_badge: 5 }));
    expect(withBadge.setAppBadge).toHaveBeenCalledWith(5);

    const without = scope([], false);
    await showPush(without.self, payload());
    expect(without.showNotification).toHaveBeenCalledTimes(1);
  });

  it('ignores a push that is not a Parley notice', async () => {
    const sw = scope();
    await showPush(sw.self, null);
    await showPush(sw.self, { notification: { body: 'no title' } });
    expect(sw.showNotification).not.toHaveBeenCalled();
  });
});

describe('a click on the notification', () => {
  const notification = (data: unknown = CHAT) => ({ data, close: vi.fn() });

  it('closes it, focuses the open Parley window and tells it to open the chat', async () => {
    const hidden = windowAt();
    const visible = windowAt({ visibilityState: 'visible' });
    const sw = scope([hidden, visible]);
    const note = notification();
    await openFromNotification(sw.self, note);
    expect(note.close).toHaveBeenCalled();
    expect(visible.focus).toHaveBeenCalled();
    expect(visible.postMessage).toHaveBeenCalledWith({ type: 'OPEN_CHAT', path: '/pages/message/chat?id=12' });
    expect(hidden.focus).not.toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window at the chat when no Parley window is open', async () => {
    const sw = scope();
    await openFromNotification(sw.self, notification());
    expect(sw.openWindow).toHaveBeenCalledWith(CHAT);
  });

  it('never opens a URL of another site: the app root instead', async () => {
    const sw = scope();
    await openFromNotification(sw.self, notification('https://evil.example/#/pages/message/chat?id=12'));
    expect(sw.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('the page told by the service worker to open a chat', () => {
  it('opens it in its router', () => {
    const container = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
    registerAppUpdates();
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'OPEN_CHAT', path: '/pages/message/chat?id=12' } }),
    );
    expect(window.location.hash).toBe('#/pages/message/chat?id=12');
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'OTHER', path: '/pages/mine' } }));
    expect(window.location.hash).toBe('#/pages/message/chat?id=12');
    vi.unstubAllGlobals();
  });
});
