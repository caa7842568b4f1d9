// Pure: the address book's sections, one per index letter A–Z with '#' last, names sorted
// within a section the way the current language sorts them.
import type { Contact } from '../../types';

export interface ContactSection {
  letter: string;
  contacts: Contact[];
}

const bucketOf = (c: Contact) => (c.index && /^[A-Z]$/.test(c.index) ? c.index : '#');

export function groupContacts(contacts: Contact[], locale?: string): ContactSection[] {
  const buckets = new Map<string, Contact[]>();
  for (const c of contacts) {
    const letter = bucketOf(c);
    buckets.set(letter, [...(buckets.get(letter) ?? []), c]);
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...buckets.keys()]
    .sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map((letter) => ({ letter, contacts: buckets.get(letter)!.sort((a, b) => collator.compare(a.displayName, b.displayName)) }));
}
