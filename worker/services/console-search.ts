// The console's searches and name order: Vietnamese diacritics and letter case
// ignored as the app's contact search ignores them ("ha" finds "Hà", "duc" finds "Đức"), and names
// sorted in the order of the console's language (vi: Hà, Hải, Hạnh, Hoa, Hùng). D1 folds neither,
// so the lists filter and order these here, as the directory does (routes/directory.ts).
import { foldLatin } from './contact-index';
import type { Lang } from './i18n';

const fold = (s: string) => foldLatin(s).replace(/\s+/g, ' ').trim();

/** Whether `keywords` (folded) lie inside any of the fields; empty keywords match everything. */
export function foldedMatch(keywords: string, fields: string[]): boolean {
  const wanted = fold(keywords);
  return wanted === '' || fields.some((field) => fold(field).includes(wanted));
}

/** Names compared in `lang`'s order. */
export const nameOrder = (lang: Lang) => new Intl.Collator(lang, { sensitivity: 'variant' }).compare;
