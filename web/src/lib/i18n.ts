// The UI texts, with those the first screen needs bundled and everything else loaded on demand.
// In-house rather than i18next + react-i18next: those two were about 18 kB gzip of the login
// page's first download, for a lookup, a plural choice and `{{name}}` (lib/i18n-core).
// - vi (the default and fallback language): the groups the login page shows on arrival (app,
//   common, login) are bundled; error texts (shown after a request; lib/api-client waits for
//   them), page titles and the rest are not. The whole file follows, searched after the bundled
//   part. It is requested right after start-up, and the registration page and the signed-in area
//   (router.tsx) wait for it.
// - en and zh-CN: their whole file loads when chosen (before the first render when stored). A
//   text missing there is taken from vi, then the key itself shows.
// The stored language is read synchronously here; main.tsx renders once `i18nReady` settles, so
// the first paint is already in that language (no flash of the wrong one, no Suspense).
// i18n.changeLanguage() loads a language's file before switching to it.
import { useSyncExternalStore } from 'react';
// Named imports: the bundler keeps only these groups of the file in the first download.
import { app, common, login } from '../locales/vi/translation.json';
import type vi from '../locales/vi/translation.json';
import { translate, type Catalog, type Texts, type TOptions } from './i18n-core';
import { getLanguage, setLanguage } from './storage-core';

export const LANGUAGES = ['vi', 'en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type PluralBase<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : never;
type ViKey = Leaves<typeof vi>;
/** A translation key, checked against the vi locale: a text's path, or a plural one's without its suffix. */
export type TKey = ViKey | PluralBase<ViKey>;

export type TFunction = (key: TKey, options?: TOptions) => string;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

export function storedLanguage(): Language {
  const value = getLanguage();
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Each language's texts, searched in order; files are added as they arrive. */
const texts: Record<Language, Texts[]> = { vi: [{ app, common, login }], en: [], 'zh-CN': [] };

/** Each language's whole file; each is its own small chunk. */
const FILES: Record<Language, () => Promise<Texts>> = {
  // As text (?raw): a module apart from the bundled JSON one, so the bundler keeps only the named
  // groups above in the entry chunk instead of the whole file.
  vi: () => import('../locales/vi/translation.json?raw').then((module) => JSON.parse(module.default) as Texts),
  en: () => import('../locales/en/translation.json').then((module) => module.default),
  'zh-CN': () => import('../locales/zh-CN/translation.json').then((module) => module.default),
};

const loads = new Map<Language, Promise<void>>();

/** Loads `language`'s whole file once. A failed load is not retried (the import would fail the same way); its texts come from vi. */
function loadFile(language: Language): Promise<void> {
  let load = loads.get(language);
  if (!load) {
    load = FILES[language]().then(
      (file) => {
        texts[language].push(file);
        changed();
      },
      () => undefined,
    );
    loads.set(language, load);
  }
  return load;
}

let language = storedLanguage();
/** Set once every vi text has been asked for: from then on a language change also waits for them, as the fallback. */
let allTextsRequested = false;
let changingTo: Language | undefined;

function t(key: TKey, options?: TOptions): string {
  const catalogs: Catalog[] = [[language, texts[language]]];
  if (language !== DEFAULT_LANGUAGE) catalogs.push([DEFAULT_LANGUAGE, texts[DEFAULT_LANGUAGE]]);
  return translate(catalogs, key, options);
}

// useTranslation() hands out a new `t` after every change, so components re-render (and effects
// that depend on `t` re-run) when the language changes or texts arrive; i18n.t stays one function.
let currentT: TFunction = (key, options) => t(key, options);
const listeners = new Set<() => void>();

function changed(): void {
  currentT = (key, options) => t(key, options);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Loads every text of the current language and of vi (the fallback). */
function loadAllTexts(): Promise<unknown> {
  allTextsRequested = true;
  return Promise.all([loadFile(DEFAULT_LANGUAGE), loadFile(language)]);
}

export const i18n = {
  get language(): Language {
    return language;
  },
  t,
  /** Switches to `next` once its file (and, after start-up, vi's) has loaded; when changes overlap, the last one wins. */
  async changeLanguage(next: Language): Promise<TFunction> {
    changingTo = next;
    await Promise.all([next === DEFAULT_LANGUAGE ? undefined : loadFile(next), allTextsRequested ? loadFile(DEFAULT_LANGUAGE) : undefined]);
    if (changingTo === next) {
      changingTo = undefined;
      language = next;
      document.documentElement.lang = next;
      changed();
    }
    return t;
  },
};

/** The texts of the current language; the component re-renders when the language changes or texts arrive. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  return { t: useSyncExternalStore(subscribe, () => currentT), i18n };
}

/** Settles once the stored language is loaded and applied (at once for the bundled one). */
export const i18nReady: Promise<unknown> = (language === DEFAULT_LANGUAGE ? Promise.resolve() : loadFile(language)).then(() => {
  document.documentElement.lang = language;
});

/** Settles once every text of the current language is loaded (started at once, not awaited by the first render). */
export const allTextsReady: Promise<unknown> = i18nReady.then(loadAllTexts);

export function currentLanguage(): Language {
  return language;
}

/** Switches the UI language (after loading it) and remembers it for the next start. */
export async function changeLanguage(next: Language): Promise<void> {
  setLanguage(next);
  await i18n.changeLanguage(next);
}
