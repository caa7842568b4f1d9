// The only module that touches localStorage (spec §3 keys). Values are JSON; anything
// unreadable falls back to the default so a corrupted entry never breaks startup.
import type { UserInfo } from './user-info';

export const STORAGE_KEYS = {
  token: 'uni_id_token',
  tokenExpired: 'tokenExpired',
  userInfo: 'userInfo',
  globalConfig: 'globalConfig',
  appSetting: 'appSetting',
  language: 'language',
  rememberAccount: 'rememberAccount',
  clientId: 'clientId',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export interface AppSetting {
  voiceStatus: boolean;
  vibrateStatus: boolean;
  circleAvatar: boolean;
}

export const DEFAULT_APP_SETTING: AppSetting = { voiceStatus: true, vibrateStatus: false, circleAvatar: false };


function read(key: StorageKey): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

function write(key: StorageKey, value: unknown): void {
  if (value === undefined || value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

export const storage = {
  getToken: (): string | undefined => {
    const value = read(STORAGE_KEYS.token);
    return typeof value === 'string' && value !== '' ? value : undefined;
  },
  getTokenExpired: (): number | undefined => {
    const value = Number(read(STORAGE_KEYS.tokenExpired));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  },
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
    const pick = (key: keyof AppSetting) =>
      typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_APP_SETTING[key];
    return { voiceStatus: pick('voiceStatus'), vibrateStatus: pick('vibrateStatus'), circleAvatar: pick('circleAvatar') };
  },
  setAppSetting: (setting: AppSetting): void => write(STORAGE_KEYS.appSetting, setting),
  getLanguage: (): unknown => read(STORAGE_KEYS.language),
  setLanguage: (language: string): void => write(STORAGE_KEYS.language, language),
  getRememberedAccount: (): string | undefined => {
    const value = read(STORAGE_KEYS.rememberAccount);
    return typeof value === 'string' ? value : undefined;
  },
  setRememberedAccount: (account: string | undefined): void => write(STORAGE_KEYS.rememberAccount, account),
  /** This browser's stable id: a reconnect of the same device never signs out its own other socket. */
  getDeviceId(): string {
    const value = read(STORAGE_KEYS.clientId);
    if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value)) return value;
    const id = crypto.randomUUID().replaceAll('-', '');
    write(STORAGE_KEYS.clientId, id);
    return id;
  },
};

/** True when a token is stored and not past its expiry (spec §4: check-token-failed / token-expired). */
export function hasValidSession(now = Date.now()): boolean {
  const expired = storage.getTokenExpired();
  return storage.getToken() !== undefined && (expired === undefined || expired > now);
}
