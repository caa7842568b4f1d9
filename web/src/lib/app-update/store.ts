// The app-update state the upgrade popup reads (spec route upgrade-popup): whether a new version
// is waiting, whether the user put it off, and how to apply it. Tiny and in the first download;
// the registration (register.ts) and the popup load after the first paint.
import { createStore } from '../create-store';

export interface AppUpdateState {
  /** A new service worker is installed and waits for this page's consent. */
  waiting: boolean;
  /** The user chose Later: the popup stays closed until the next new version (or next start). */
  later: boolean;
}

export const appUpdate = createStore<AppUpdateState>({ waiting: false, later: false });

let apply: () => Promise<void> = () => Promise.resolve();
let check: () => void = () => undefined;

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
  appUpdate.set({ waiting: true, later: false });
}

export function applyUpdate(): Promise<void> {
  return apply();
}

/** Later: the new version is used from the next start (when every Parley tab has been closed). */
export function putOffUpdate(): void {
  appUpdate.set((s) => ({ ...s, later: true }));
}
