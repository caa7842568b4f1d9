// The UI texts: i18next (lookup, plurals, `{{name}}`, fallback) and react-i18next (components
// follow the language), as the design names them, with those the first screen needs bundled and
// everything else loaded on demand. The app imports everything i18n from this file only.
// - vi (the default and fallback language): the groups the login page shows on arrival (app,
//   common, login) are bundled; error texts (shown after a request; lib/api-client waits for
//   them), page titles and the rest are not. The whole file follows, merged over the bundled part.
//   It is requested right after start-up, and the registration page and the signed-in area
//   (router.tsx) wait for it.
// - en and zh-CN: their whole file loads when chosen (before the first render when stored), through
//   the small backend below. A text missing there is taken from vi, then the key itself shows.
// The stored language is read synchronously here; main.tsx renders once `i18nReady` settles, so
// the first paint is already in that language (no flash of the wrong one, no Suspense).
// i18n.changeLanguage() loads a language's file before switching to it (i18next waits for the
// backend); when changes overlap, the last one wins.
import { type BackendModule, createInstance, type ParseKeys, type TFunction as I18nextTFunction } from 'i18next';
import { initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';

import type vi from '../locales/vi/translation.json';
// Named imports: the bundler keeps only these groups of the file in the first download.
import { app, common, login } from '../locales/vi/translation.json';
import { getLanguage, setLanguage } from './storage-core';

export const LANGUAGES = ['vi', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
const NAMESPACE = 'translation';

// `t` keys are checked against the vi locale: a key it lacks fails `npm run typecheck`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof NAMESPACE;
    resources: { [NAMESPACE]: typeof vi };
  }
}

/** A translation key, checked against the vi locale: a text's path, or a plural one's without its suffix. */
export type TKey = ParseKeys<typeof NAMESPACE>;
export type TFunction = I18nextTFunction<typeof NAMESPACE>;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

export function storedLanguage(): Language {
  const value = getLanguage();
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

type Texts = Record<string, unknown>;

/** Each language's whole file; each is its own small chunk. */
const FILES: Record<Language, () => Promise<Texts>> = {
  // As text (?raw): a module apart from the bundled JSON one, so the bundler keeps only the named
  // groups above in the entry chunk instead of the whole file.
  vi: () => import('../locales/vi/translation.json?raw').then((module) => JSON.parse(module.default) as Texts),
  en: () => import('../locales/en/translation.json').then((module) => module.default),
  'zh-CN': () => import('../locales/zh-CN/translation.json').then((module) => module.default),
};

/**
 * Reads a language's file for i18next (a backend plugin of a few lines instead of a package: the
 * files are modules of the app). A failed read is not retried (the import would fail the same
 * way); that language's texts then come from vi.
 */
const localeFiles: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init() {},
  read: (language: string) => (isLanguage(language) ? FILES[language]() : Promise.resolve({})),
};

// An instance of its own (not i18next's global one), so a fresh copy of this module starts afresh.
export const i18n = createInstance();
const hookOptions = { i18n } as const;

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Settles once the stored language is loaded and applied (at once for the bundled one). */
export const i18nReady: Promise<unknown> = i18n
  .use(localeFiles)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // 'zh-CN' only, not also 'zh'.
    load: 'currentOnly',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources: { [DEFAULT_LANGUAGE]: { [NAMESPACE]: { app, common, login } } },
    // Bundled vi texts, every other file from the backend.
    partialBundledLanguages: true,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // Components re-render (with a new `t`) when the language changes or a file arrives; the first
    // render waits for i18nReady instead of suspending.
    react: { bindI18n: 'languageChanged', bindI18nStore: 'added', useSuspense: false },
  });

/** Settles once every text of the current language and of vi (the fallback) is loaded (started at once, not awaited by the first render). */
export const allTextsReady: Promise<unknown> = i18nReady.then(() =>
  // vi already has its bundled part, so it is loaded again (whole); the current language only if it still lacks its file.
  Promise.all([i18n.reloadResources([DEFAULT_LANGUAGE], [NAMESPACE]), i18n.loadLanguages(i18n.language)]),
);

/** The texts of the current language; the component re-renders when the language changes or texts arrive. */
export function useTranslation() {
  return useI18nextTranslation(NAMESPACE, hookOptions);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language (after loading it) and remembers it for the next start. */
export async function changeLanguage(next: Language): Promise<void> {
  setLanguage(next);
  await i18n.changeLanguage(next);
}
