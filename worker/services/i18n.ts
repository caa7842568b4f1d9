// Server-side translation of refusal messages: the client sends its language in
// Accept-Language, and every envelope carries the message already translated.
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import zhCN from '../locales/zh-CN.json';
import type { MessageKey } from '../protocol/codes';

export type Lang = 'vi' | 'en' | 'zh-CN';
const CATALOGS: Record<Lang, Record<string, string>> = { vi, en, 'zh-CN': zhCN };

export function pickLang(acceptLanguage: string | undefined | null): Lang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh')) return 'zh-CN';
  if (first.startsWith('en')) return 'en';
  return 'vi';
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = CATALOGS[lang][key] ?? CATALOGS.en[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
