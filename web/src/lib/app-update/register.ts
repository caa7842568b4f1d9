// Registers the service worker (web/sw/sw.ts) through vite-plugin-pwa's registration in 'prompt'
// mode, loaded by the app shell after the first paint so the first download does not grow. A new
// version that is installed and waiting opens the upgrade popup; Update first lets the outbox
// finish saving, then the waiting worker takes over and the page reloads. A click on a
// notification in a window already open arrives here as a message naming the chat to open.
/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

import { navigateTo } from '../navigation';
import { writesSettled } from '../pending-writes';
import { scheduleUpdateChecks } from './checks';
import { offerUpdate, setUpdateCheck } from './store';

let registered = false;

function reloadOnceSaved(): void {
  void writesSettled().then(() => window.location.reload());
}

export function registerAppUpdates(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    // web/sw/push.ts OPEN_CHAT: the hash router opens the chat without a reload.
    const { type, path } = (event.data ?? {}) as { type?: unknown; path?: unknown };
    if (type === 'OPEN_CHAT' && typeof path === 'string' && path.startsWith('/')) navigateTo(path);
  });
  const switchToWaiting = registerSW({
    onNeedRefresh: () => {
      // The new worker took control (this tab's Update, or another Parley tab's): reload onto it
      // once this tab's unsent messages are saved. Listened to here rather than through
      // onNeedReload, which the registration calls only in a tab a worker controlled when it
      // loaded: the first visit's tab, claimed later, would keep the old code.
      container.addEventListener('controllerchange', reloadOnceSaved, { once: true });
      offerUpdate(async () => {
        await writesSettled();
        await switchToWaiting();
      });
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // Offline, or the server is restarting: the next occasion asks again.
      const check = () => void registration.update().catch(() => undefined);
      setUpdateCheck(check);
      scheduleUpdateChecks(check);
    },
  });
}
