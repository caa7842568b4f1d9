// Pure: the address book's sections, one per index letter A–Z with '#' last, names sorted
// within a section by Intl.Collator in the current language (Chinese by pinyin).
import type { Person } from '../types';

export interface ContactSection {
  letter: string;
  people: Person[];
}

/** The collation for a UI language: pinyin order for Chinese names, the language's own otherwise. */
export const collatorLocale = (language?: string) => (language?.startsWith('zh') ? 'zh-CN-u-co-pinyin' : language);

/** The letter the server files a person under (it knows Chinese names' pinyin); none or another sign is '#'. */
const bucketOf = (p: Person) => (p.index && /^[A-Z]$/.test(p.index) ? p.index : '#');

export function groupContacts(people: readonly Person[], locale?: string): ContactSection[] {
  const buckets = new Map<string, Person[]>();
  for (const p of people) {
    const letter = bucketOf(p);
    buckets.set(letter, [...(buckets.get(letter) ?? []), p]);
  }
  const collator = new Intl.Collator(collatorLocale(locale), { sensitivity: 'base', numeric: true });
  return [...buckets.keys()]
    .sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map((letter) => ({
      letter,
      people: buckets.get(letter)!.sort((a, b) => collator.compare(a.displayName, b.displayName)),
    }));
}
