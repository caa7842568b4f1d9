// The start-up part of localStorage access (the original's keys): the keys, reading and writing, and
// what the first screen needs (session check, language). The rest of `storage` (storage.ts)
// loads with the pages that use it. Values are JSON; anything unreadable falls back to the
// default so a corrupted entry never breaks startup.
export const STORAGE_KEYS = {
  token: 'uni_id_token',
  tokenExpired: 'tokenExpired',
  userInfo: 'userInfo',
  globalConfig: 'globalConfig',
  appSetting: 'appSetting',
  language: 'language',
  rememberAccount: 'rememberAccount',
  clientId: 'clientId',
  announcementsSeen: 'announcementsSeen',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function read(key: StorageKey): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

export function write(key: StorageKey, value: unknown): void {
  if (value === undefined || value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

export const getToken = (): string | undefined => {
  const value = read(STORAGE_KEYS.token);
  return typeof value === 'string' && value !== '' ? value : undefined;
};

export const getTokenExpired = (): number | undefined => {
  const value = Number(read(STORAGE_KEYS.tokenExpired));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

export const getLanguage = (): unknown => read(STORAGE_KEYS.language);
export const setLanguage = (language: string): void => write(STORAGE_KEYS.language, language);

/** True when a token is stored and not past its expiry (check-token-failed / token-expired). */
export function hasValidSession(now = Date.now()): boolean {
  const expired = getTokenExpired();
  return getToken() !== undefined && (expired === undefined || expired > now);
}
