// i18next with the texts the first screen needs bundled and everything else loaded on demand:
// - vi (the default and fallback language): the groups the login page shows on arrival (app,
//   common, login) are bundled; error texts (shown after a request; lib/api-client waits for
//   them), page titles and the rest are not. The whole file follows in the 'rest' namespace,
//   which i18next searches when a key is not in 'translation' (fallbackNS). It is requested right
//   after start-up, and the registration page and the signed-in area (router.tsx) wait for it.
// - en and zh-CN: their whole file loads when chosen (before the first render when stored).
// The stored language is read synchronously here; main.tsx renders once `i18nReady` settles, so
// the first paint is already in that language (no flash of the wrong one, no Suspense).
// i18n.changeLanguage() loads a language's file before switching to it.
import i18next, { type BackendModule, type ParseKeys, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// Named imports: the bundler keeps only these groups of the file in the first download.
import { app, common, login } from '../locales/vi/translation.json';
import { getLanguage, setLanguage } from './storage-core';

export const LANGUAGES = ['vi', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** A translation key, checked against the vi locale. */
export type TKey = ParseKeys;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

export function storedLanguage(): Language {
  const value = getLanguage();
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

const REST_NS = 'rest';

type Locale = Promise<{ default: ResourceKey }>;
/** What the backend loads, per language and namespace; each file is its own small chunk. */
const LAZY_TEXTS: Partial<Record<Language, Record<string, () => Locale>>> = {
  // As text (?raw): a module apart from the bundled JSON one, so the bundler keeps only the named
  // groups above in the entry chunk instead of the whole file.
  vi: { [REST_NS]: () => import('../locales/vi/translation.json?raw').then((text) => ({ default: JSON.parse(text.default) as ResourceKey })) },
  en: { translation: () => import('../locales/en/translation.json') },
  'zh-CN': { translation: () => import('../locales/zh-CN/translation.json') },
};

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = LAZY_TEXTS[language as Language]?.[namespace];
    if (!load) return callback(null, {});
    load().then((module) => callback(null, module.default), (failure: Error) => callback(failure, null));
  },
};

export const i18n = i18next.createInstance();

/** Settles once the stored language is loaded and applied (at once for the bundled one). */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { vi: { translation: { app, common, login } } },
    // Only what is missing from `resources` goes to the backend.
    partialBundledLanguages: true,
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: REST_NS,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // React escapes on render; escaping here too would show entities like &amp;.
    interpolation: { escapeValue: false },
    // Re-render when texts arrive (the 'rest' namespace), not only on a language change.
    react: { useSuspense: false, bindI18nStore: 'added' },
  })
  .then(
    () => {
      document.documentElement.lang = i18n.language;
    },
    () => undefined,
  );

/** Settles once every text of the current language is loaded (started at once, not awaited by the first render). */
export const allTextsReady: Promise<unknown> = i18nReady.then(() => i18n.loadNamespaces(REST_NS)).catch(() => undefined);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language (after loading it) and remembers it for the next start. */
export async function changeLanguage(language: Language): Promise<void> {
  setLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
