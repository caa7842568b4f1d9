// The public system configuration (getSystemInfo), kept in storage as
// `globalConfig` so screens can use the last known copy at once and refresh it in the background.
// The fetch, its schema and the API client load on demand (system-info-api.ts): the login page
// renders from the stored copy without them.
import { useEffect, useState } from 'react';

import { requireVersion } from './app-update/store';
import { createStore } from './create-store';
import { storage } from './storage';
import type { SystemInfo } from './system-info-api';

export type { SystemInfo };

type Loose = Record<string, unknown>;
const isRecord = (x: unknown): x is Loose => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (x: unknown): string => (typeof x === 'string' ? x : '');
// The server sends flags as strings ('1'); older data may hold numbers.
const flag = (x: unknown): string => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');

/**
 * The stored copy with every field defaulted, as SystemInfoSchema would give it. Only
 * fetchSystemInfo writes the entry, after validating the server's copy, so a shape check is
 * enough here and keeps the validator out of the startup bundle.
 */
export function storedSystemInfo(): SystemInfo {
  const stored = storage.getGlobalConfig();
  const root = isRecord(stored) ? stored : {};
  const sys = isRecord(root.sysInfo) ? root.sysInfo : {};
  return {
    ...root,
    sysInfo: {
      ...sys,
      name: text(sys.name),
      logo: text(sys.logo),
      regtype: flag(sys.regtype),
      regauth: flag(sys.regauth),
    },
    chatInfo: isRecord(root.chatInfo) ? root.chatInfo : {},
    fileUpload: isRecord(root.fileUpload) ? root.fileUpload : {},
    demon_mode: root.demon_mode === true,
  };
}

/** How many fresh copies were stored since start: screens showing what a setting allows follow it. */
const configChanges = createStore(0);

/**
 * Re-renders the calling component whenever a fresh configuration is stored (at start, and at each
 * `updateConfig` an operator's save sends), so what it reads of storedSystemInfo() is current: an
 * operator turning calls or online status off reaches open screens at once.
 */
export function useConfigChanges(): number {
  return configChanges.use((n) => n);
}

/**
 * Fetches, validates and stores the server's configuration, and applies its minimum version (the
 * upgrade popup without Later, app-update/store.ts). `quiet`: a background refresh (no toast).
 */
export async function fetchSystemInfo(quiet = false): Promise<SystemInfo> {
  const api = await import('./system-info-api');
  const info = await api.fetchSystemInfo(quiet);
  requireVersion(info.sysInfo.minVersion);
  configChanges.set((n) => n + 1);
  return info;
}

/** The stored configuration now, replaced by the server's copy when it arrives. */
export function useSystemInfo(): SystemInfo {
  const [info, setInfo] = useState(storedSystemInfo);
  useEffect(() => {
    let live = true;
    // A failure was already shown by the API client; the stored copy stays in use.
    fetchSystemInfo().then(
      (fresh) => live && setInfo(fresh),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return info;
}
