// The installed app's icon badge (Badging API) follows the chat list's unread total while Parley
// runs, so reading a chat clears what the service worker set from a push while Parley was closed;
// signing out clears it. Browsers without the API (most outside an installed app) ignore it.
type Badging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export function followAppBadge(read: () => number, subscribe: (listener: () => void) => () => void): () => void {
  const badging = navigator as Navigator & Badging;
  if (typeof badging.setAppBadge !== 'function') return () => undefined;
  let shown = -1;
  const show = () => {
    const count = read();
    if (count === shown) return;
    shown = count;
    const done = count > 0 ? badging.setAppBadge!(count) : badging.clearAppBadge?.();
    done?.catch(() => undefined);
  };
  show();
  const off = subscribe(show);
  return () => {
    off();
    badging.clearAppBadge?.().catch(() => undefined);
  };
}
