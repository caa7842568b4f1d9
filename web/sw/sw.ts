// The service worker (vite-plugin-pwa, injectManifest): precaches the app shell the build lists
// (pages, styles, texts, icons), answers every navigation with the cached index.html (the app
// starts offline), keeps the emoji data a user has opened, and waits with a new version until
// the page's update prompt says so. A Web Push becomes a notification (push.ts). It never answers for the API, the socket, files or avatars:
// those requests reach the network untouched (no route below matches them).
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

import { openFromNotification, showPush } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** What the Worker answers itself (worker/index.ts API_PREFIXES; paths are case-insensitive there). */
const NEVER_CACHED = /^\/(common|enterprise|dev|file|filedown|fileicon|avatar|scan|wss)(\/|$)/i;

/** The emoji data, one chunk per language (features/chat/emoji): a few hundred kB each, kept once fetched. */
const EMOJI_DATA = /^\/assets\/compact-[\w-]+\.js$/;
const EMOJI_CACHE = 'parley-emoji';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit's page, open before any worker was: without this, no worker controls it, so
// the next version finds no page to wait for, takes over unannounced, and that page (still
// running this version's code) never sees the update popup while its lazily loaded files vanish
// from the server. A version that waits for Update switches its pages over by skipWaiting alone.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [NEVER_CACHED] }));

// Hashed file names: a cached copy is never stale, so the cache answers first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && EMOJI_DATA.test(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(EMOJI_CACHE);
    const hit = await cache.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  },
);

// The page's update prompt (web/src/lib/app-update) sends this once the user chose Update and
// the outbox is saved; the page reloads when this worker takes control.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    // Not JSON: not one of ours.
  }
  event.waitUntil(showPush(self, payload));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(self, event.notification));
});
