// How a setting of the public configuration (`sysInfo`, `chatInfo`, `fileUpload`: strings such as
// "120" or "0", as the original stores them) becomes a number. The Worker and the web app both read
// settings through it, so they agree: a missing, empty, non-numeric or negative value means the
// default (the original's admin form leaves a field empty to mean "as installed"); "0" means 0.
import { DEFAULT_FILE_MB } from './limits';

export function configNumber(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '' || typeof value === 'boolean') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** A "0"/"1" switch of the configuration; anything else means the default. */
export function configSwitch(value: unknown, fallback: boolean): boolean {
  const text = String(value ?? '');
  return text === '1' ? true : text === '0' ? false : fallback;
}

/** `fileUpload.size` in MB; 0 would refuse every file, so it means the default as an empty value does. */
export const uploadLimitMb = (size: unknown): number => configNumber(size, DEFAULT_FILE_MB) || DEFAULT_FILE_MB;
