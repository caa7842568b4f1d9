// The installed app's badge (app/app-badge.ts) follows the unread total while Parley runs: set to
// the count, cleared at zero (a chat read) and at sign-out; nothing where the Badging API is absent.
import { afterEach, describe, expect, it, vi } from 'vitest';

import { followAppBadge } from '../../web/src/app/app-badge';

function badging() {
  const setAppBadge = vi.fn((_count?: number) => Promise.resolve());
  const clearAppBadge = vi.fn(() => Promise.resolve());
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { setAppBadge, clearAppBadge }));
  return { setAppBadge, clearAppBadge };
}

function counter(start: number) {
  let count = start;
  const listeners = new Set<() => void>();
  return {
    read: () => count,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(next: number) {
      count = next;
      for (const l of listeners) l();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the app badge', () => {
  it('shows the unread total, clears when everything is read, and once at sign-out', () => {
    const { setAppBadge, clearAppBadge } = badging();
    const unread = counter(3);
    const stop = followAppBadge(unread.read, unread.subscribe);
    expect(setAppBadge).toHaveBeenLastCalledWith(3);
    unread.set(3); // an unrelated change: the badge is not set again
    expect(setAppBadge).toHaveBeenCalledTimes(1);
    unread.set(5);
    expect(setAppBadge).toHaveBeenLastCalledWith(5);
    unread.set(0);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    stop();
    expect(clearAppBadge).toHaveBeenCalledTimes(2);
    unread.set(7); // no longer followed
    expect(setAppBadge).toHaveBeenCalledTimes(2);
  });

  it('does nothing in a browser without the Badging API', () => {
    const unread = counter(2);
    const subscribe = vi.fn(unread.subscribe);
    const stop = followAppBadge(unread.read, subscribe);
    expect(subscribe).not.toHaveBeenCalled();
    stop();
  });
});
