// The app-update state the upgrade popup reads (spec route upgrade-popup): whether a new version
// is waiting, whether the user put it off, and how to apply it. Tiny and in the first download;
// the registration (register.ts) and the popup load after the first paint.
import { APP_VERSION } from '@web/config/app';

import { createStore } from '../create-store';
import { isBelow } from './min-version';

export interface AppUpdateState {
  /** A new service worker is installed and waits for this page's consent. */
  waiting: boolean;
  /** The user chose Later: the popup stays closed until the next new version (or next start). */
  later: boolean;
  /** The server's `sysInfo.minVersion` is above this version: the popup has no Later (min-version.ts). */
  forced: boolean;
}

export const appUpdate = createStore<AppUpdateState>({ waiting: false, later: false, forced: false });

/** How long a forced Update waits for the new version to install before it offers the button again. */
const FORCED_WAIT_MS = 30_000;

let apply: (() => Promise<void>) | null = null;
let check: () => void = () => undefined;
let whenWaiting: (() => void) | null = null;

/** Asks the server for a new version (nothing before the service worker is registered). */
export function checkForUpdate(): void {
  check();
}

export function setUpdateCheck(checkIt: () => void): void {
  check = checkIt;
}

/** A new version waits; `applyIt` saves what must be saved and switches to it (the page reloads). */
export function offerUpdate(applyIt: () => Promise<void>): void {
  apply = applyIt;
  appUpdate.set((s) => ({ ...s, waiting: true, later: false }));
  whenWaiting?.();
}

/**
 * The operator's minimum client version (getSystemInfo, again at each updateConfig): below it, the
 * popup cannot be put off, and the server is asked at once whether a newer build exists (the popup
 * offers Update only once one waits). A minimum lowered again lifts it.
 */
export function requireVersion(min: unknown): void {
  const forced = typeof min === 'string' && isBelow(APP_VERSION, min);
  if (forced === appUpdate.get().forced) return;
  appUpdate.set((s) => ({ ...s, forced }));
  if (forced) check();
}

/**
 * Switches to the waiting version. A forced update with none waiting yet asks the server for it and
 * switches when it has installed; without a service worker at all, a reload fetches the new one.
 */
export function applyUpdate(): Promise<void> {
  if (apply && appUpdate.get().waiting) return apply();
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) {
    window.location.reload();
    return new Promise(() => undefined);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      whenWaiting = null;
      reject(new Error('no new version arrived'));
    }, FORCED_WAIT_MS);
    whenWaiting = () => {
      whenWaiting = null;
      clearTimeout(timer);
      apply!().then(resolve, reject);
    };
    check();
  });
}

/** Later: the new version is used from the next start (when every Parley tab has been closed). */
export function putOffUpdate(): void {
  appUpdate.set((s) => ({ ...s, later: true }));
}
