// Registers the service worker (web/sw/sw.ts) through vite-plugin-pwa's registration in 'prompt'
// mode, loaded by the app shell after the first paint so the first download does not grow. A new
// version that is installed and waiting opens the upgrade popup; Update first lets the outbox
// finish saving, then the waiting worker takes over and the page reloads.
/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

import { writesSettled } from '../pending-writes';
import { scheduleUpdateChecks } from './checks';
import { offerUpdate, setUpdateCheck } from './store';

let registered = false;

export function registerAppUpdates(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const switchToWaiting = registerSW({
    onNeedRefresh: () =>
      offerUpdate(async () => {
        await writesSettled();
        await switchToWaiting();
      }),
    // The new worker took control (this tab's Update, or another Parley tab's): reload onto it once
    // this tab's unsent messages are saved.
    onNeedReload: () => void writesSettled().then(() => window.location.reload()),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // Offline, or the server is restarting: the next occasion asks again.
      const check = () => void registration.update().catch(() => undefined);
      setUpdateCheck(check);
      scheduleUpdateChecks(check);
    },
  });
}
