// i18next set up synchronously from bundled resources, so the stored language is applied
// before the first paint (no flash of the wrong language, no Suspense on startup).
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import vi from '../locales/vi/translation.json';
import en from '../locales/en/translation.json';
import zhCN from '../locales/zh-CN/translation.json';
import { storage } from './storage';

export const LANGUAGES = ['vi', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** A translation key, checked against the vi locale. */
export type TKey = ParseKeys;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

export function storedLanguage(): Language {
  const value = storage.getLanguage();
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { vi: { translation: vi }, en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // React escapes on render; escaping here too would show entities like &amp;.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});
document.documentElement.lang = i18n.language;

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language at once and remembers it for the next start. */
export async function changeLanguage(language: Language): Promise<void> {
  storage.setLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
