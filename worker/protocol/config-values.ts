// How a setting of the public configuration (`sysInfo`, `chatInfo`, `fileUpload`: strings such as
// "120" or "0", as the original stores them) becomes a number or an on/off switch. The Worker and
// the web app both read settings through it, so they agree: a missing, empty, non-numeric or
// negative value means the default (the original's admin form leaves a field empty to mean "as
// installed"); "0" means 0.
import { DEFAULT_FILE_MB } from './limits';

export function configNumber(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '' || typeof value === 'boolean') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/**
 * A "0"/"1" switch of the configuration (1 and 0 as numbers too; a JSON true or false, which an
 * admin form can write, as itself); anything else ('', 'false', 'yes', missing) means the default.
 */
export function configSwitch(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  const text = String(value ?? '');
  return text === '1' ? true : text === '0' ? false : fallback;
}

/**
 * Every on/off setting and its value in a fresh install, which is also what a missing or
 * unreadable one means. The Worker's defaults (services/system-config.ts) are written from these,
 * so the server that enforces a switch and the screen that hides the button read it alike.
 */
export const SWITCH_DEFAULTS = {
  sysInfo: { state: true, ipregion: true, multipleLogin: false, diyName: false },
  chatInfo: { online: true, webrtc: true, simpleChat: true, groupChat: true, dbDelMsg: true, msgClear: false },
} as const;
type Switches = typeof SWITCH_DEFAULTS;

/** A switch of `chatInfo`; `object`, so the Worker's typed config and the web's loose copy both fit. */
export const chatSwitch = (chatInfo: object, name: keyof Switches['chatInfo']): boolean =>
  configSwitch((chatInfo as Record<string, unknown>)[name], SWITCH_DEFAULTS.chatInfo[name]);

export const sysSwitch = (sysInfo: object, name: keyof Switches['sysInfo']): boolean =>
  configSwitch((sysInfo as Record<string, unknown>)[name], SWITCH_DEFAULTS.sysInfo[name]);

/** Run mode 2 (the original's runMode, '2' as a string or 2 as a number): the address book and one-to-one chats follow friendships. */
export const friendsOnlyMode = (sysInfo: object): boolean =>
  String((sysInfo as Record<string, unknown>).runMode ?? '') === '2';

/** The switches as the configuration stores them ('1' / '0'). */
export const switchTexts = <T extends Record<string, boolean>>(switches: T) =>
  Object.fromEntries(Object.entries(switches).map(([name, on]) => [name, on ? '1' : '0'])) as {
    [K in keyof T]: string;
  };

/** `fileUpload.size` in MB; 0 would refuse every file, so it means the default as an empty value does. */
export const uploadLimitMb = (size: unknown): number => configNumber(size, DEFAULT_FILE_MB) || DEFAULT_FILE_MB;
