// App settings (sound, vibration, round avatars) as one shared store over localStorage, so a
// change on the settings screen shows at once on every screen that reads it. It lives in lib
// because shared pieces read it too: every Avatar takes its shape from it.
import { useSyncExternalStore } from 'react';

import { type AppSetting, storage } from './storage';

const listeners = new Set<() => void>();
let snapshot: AppSetting | undefined;

function read(): AppSetting {
  snapshot ??= storage.getAppSetting();
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // With no screen watching, forget the copy: the next screen re-reads storage, which
    // another tab may have changed meanwhile.
    if (listeners.size === 0) snapshot = undefined;
  };
}

export function updateAppSetting(patch: Partial<AppSetting>): void {
  snapshot = { ...read(), ...patch };
  storage.setAppSetting(snapshot);
  for (const listener of listeners) listener();
}

export function useAppSetting(): AppSetting {
  return useSyncExternalStore(subscribe, read);
}
