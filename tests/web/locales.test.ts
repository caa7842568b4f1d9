// @vitest-environment node
// The three locales must offer the same keys, and every key the code asks for must exist.
import { describe, expect, it } from 'vitest';

import en from '../../web/src/locales/en/translation.json';
import vi from '../../web/src/locales/vi/translation.json';
import zhCN from '../../web/src/locales/zh-CN/translation.json';
import serverEn from '../../worker/locales/en.json';
import serverZhCN from '../../worker/locales/zh-CN.json';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object' && value !== null) Object.assign(out, flatten(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(value);
  }
  return out;
}

/** Keys without plural suffixes: English has _one and _other where Vietnamese and Chinese have only _other. */
const baseKeys = (tree: object) =>
  [...new Set(Object.keys(flatten(tree)).map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();

// Vite reads the sources as text; no Node APIs needed, so this file type-checks with the web code.
const SOURCES = import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('locales', () => {
  it('vi, en and zh-CN have exactly the same keys', () => {
    expect(baseKeys(en)).toEqual(baseKeys(vi));
    expect(baseKeys(zhCN)).toEqual(baseKeys(vi));
  });

  it('has no empty translations', () => {
    for (const tree of [vi, en, zhCN]) {
      expect(Object.entries(flatten(tree)).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('every t() key used in web/src exists in the locales', () => {
    const known = new Set(baseKeys(vi));
    const used = new Set<string>();
    expect(Object.keys(SOURCES).length).toBeGreaterThan(20);
    for (const source of Object.values(SOURCES)) {
      for (const match of source.matchAll(/\bt\(\s*['"`]([^'"`$]+)['"`]/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });

  it("speaks to the reader in Chinese as 你, never 您, in the app and in the server's messages alike", () => {
    const texts = [...Object.values(flatten(zhCN)), ...Object.values(serverZhCN as Record<string, string>)];
    expect(texts.filter((text) => text.includes('您'))).toEqual([]);
    expect(texts.some((text) => text.includes('你'))).toBe(true);
  });

  it('names the code sent to the new account as such, not with a pronoun ("Mã của nó", "Its code")', () => {
    expect(vi.secure.newCode).toBe('Mã tài khoản mới');
    expect(en.secure.newCode).toBe("New account's code");
    expect(zhCN.secure.newCode).toBe('新账号验证码');
  });

  it('asks to "sign in again" in plain words, keeping "login again" only in the spec\'s own texts', () => {
    const spec = new Set([
      'Authorization information is invalid, please login again!',
      'Please log in again and generate QR code',
    ]);
    const texts = [...Object.values(flatten(en)), ...Object.values(serverEn as Record<string, string>)];
    expect(texts.filter((text) => /log ?in again/i.test(text) && !spec.has(text))).toEqual([]);
    expect(texts.some((text) => text.includes('Please sign in again'))).toBe(true);
  });

  it('carries the English texts of the spec verbatim', () => {
    const texts = new Set(Object.values(flatten(en)));
    for (const text of [
      'Please enter account number!',
      'Please enter a password of 6-16 characters',
      'Two passwords do not match',
      'Network timeout!',
      'Authorization information is invalid, please login again!',
      'The server returned an error, please check!',
      'Your account has been logged in from another location!',
      'WS communication is disconnected...',
      "They're not online",
      'Busy with each other',
      'Please check the audio and video',
      'Another terminal is engaged in a call',
      'The group chat has closed the application',
      'The system has closed the single chat, or the group has turned on the ban, unable to send messages',
      'This message type is not supported',
      'Recording failure',
      'Compression failure',
      'Please log in again and generate QR code',
      '{{field}} cannot be empty',
    ]) {
      expect(texts, text).toContain(text);
    }
  });
});
