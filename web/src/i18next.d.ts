// Types every t() key from the vi locale, so a key missing from it fails `tsc`.
import 'i18next';
import type vi from './locales/vi/translation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof vi };
  }
}
