import { describe, expect, it } from 'vitest';

import { MESSAGE_KEYS } from '@protocol/codes';

import en from '../../worker/locales/en.json';
import vi from '../../worker/locales/vi.json';
import zhCN from '../../worker/locales/zh-CN.json';
import { pickLang, translate } from '../../worker/services/i18n';

describe('server messages', () => {
  it('has a translation of every refusal key in vi, en and zh-CN, and nothing else', () => {
    for (const catalog of [vi, en, zhCN]) expect(Object.keys(catalog).sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it("keeps each message's placeholders in every language", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of MESSAGE_KEYS) {
      const expected = placeholders((en as Record<string, string>)[key]!);
      expect(placeholders((vi as Record<string, string>)[key]!), key).toEqual(expected);
      expect(placeholders((zhCN as Record<string, string>)[key]!), key).toEqual(expected);
    }
  });

  it('picks the language from Accept-Language, Vietnamese by default', () => {
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('zh-Hans')).toBe('zh-CN');
    expect(pickLang('fr')).toBe('vi');
    expect(pickLang(undefined)).toBe('vi');
    expect(translate('en', 'file.uploadLimit', { size: 50 })).toBe('The file cannot be larger than 50MB');
  });
});
