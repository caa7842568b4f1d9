// The only module that touches localStorage (the original's keys), with storage-core.ts: that part
// (keys, session check, language) is in the start-up download, this one loads with the pages
// that need it. Values are JSON; anything unreadable falls back to the default so a corrupted
// entry never breaks startup.
import type { UserInfo } from '@protocol/account';

import { newId } from './new-id';
import { getLanguage, getToken, getTokenExpired, read, setLanguage, STORAGE_KEYS, write } from './storage-core';

export { hasValidSession, STORAGE_KEYS } from './storage-core';

export interface AppSetting {
  voiceStatus: boolean;
  vibrateStatus: boolean;
  circleAvatar: boolean;
}

export const DEFAULT_APP_SETTING: AppSetting = { voiceStatus: true, vibrateStatus: false, circleAvatar: false };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

export const storage = {
  getToken,
  getTokenExpired,
  setSession(token: string, tokenExpired: number): void {
    write(STORAGE_KEYS.token, token);
    write(STORAGE_KEYS.tokenExpired, tokenExpired);
  },
  getUserInfo: (): UserInfo | undefined => {
    const value = read(STORAGE_KEYS.userInfo);
    // Only this app writes the entry, after validating the server's copy; a shape check is
    // enough here and keeps the validator out of the startup bundle.
    return isRecord(value) && typeof value.account === 'string' ? (value as UserInfo) : undefined;
  },
  setUserInfo: (user: UserInfo): void => write(STORAGE_KEYS.userInfo, user),
  clearSession(): void {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.tokenExpired, STORAGE_KEYS.userInfo]) write(key, undefined);
  },
  getGlobalConfig: (): unknown => read(STORAGE_KEYS.globalConfig),
  setGlobalConfig: (config: unknown): void => write(STORAGE_KEYS.globalConfig, config),
  getAppSetting(): AppSetting {
    const value = read(STORAGE_KEYS.appSetting);
    const stored = isRecord(value) ? value : {};
    const pick = (key: keyof AppSetting) => (typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_APP_SETTING[key]);
    return {
      voiceStatus: pick('voiceStatus'),
      vibrateStatus: pick('vibrateStatus'),
      circleAvatar: pick('circleAvatar'),
    };
  },
  setAppSetting: (setting: AppSetting): void => write(STORAGE_KEYS.appSetting, setting),
  getLanguage,
  setLanguage,
  getRememberedAccount: (): string | undefined => {
    const value = read(STORAGE_KEYS.rememberAccount);
    return typeof value === 'string' ? value : undefined;
  },
  setRememberedAccount: (account: string | undefined): void => write(STORAGE_KEYS.rememberAccount, account),
  /** The newest announcement id `user` has seen in this browser (undefined: none yet). */
  getAnnouncementSeen(user: number): number | undefined {
    const value = read(STORAGE_KEYS.announcementsSeen);
    const id = isRecord(value) ? value[String(user)] : undefined;
    return typeof id === 'number' ? id : undefined;
  },
  setAnnouncementSeen(user: number, id: number): void {
    const value = read(STORAGE_KEYS.announcementsSeen);
    write(STORAGE_KEYS.announcementsSeen, { ...(isRecord(value) ? value : {}), [String(user)]: id });
  },
  /** This browser's stable id: a reconnect of the same device never signs out its own other socket. */
  getDeviceId(): string {
    const value = read(STORAGE_KEYS.clientId);
    if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
    const id = newId();
    write(STORAGE_KEYS.clientId, id);
    return id;
  },
};
