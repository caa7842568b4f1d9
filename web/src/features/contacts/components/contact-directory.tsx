// The address book: a filter box (name or account, ignoring case and accents), the people in
// letter sections with a jump bar, and the count at the bottom. Who is listed and what tapping
// someone does are the screen's to say.
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SearchInput } from '../../../components/ui/search-input';
import { matchesAny } from '../../../utils/fold-text';
import type { Person } from '../types';
import { ContactRow } from './contact-row';
import { groupContacts } from './group-contacts';
import { LetterBar } from './letter-bar';

const sectionId = (letter: string) => `contacts-section-${letter === '#' ? 'other' : letter}`;

interface ContactDirectoryProps {
  people: readonly Person[];
  /** False until the list has arrived once: an empty list then reads "loading", not "nobody". */
  loaded: boolean;
  roundAvatar: boolean;
  onOpen: (person: Person) => void;
}

export function ContactDirectory({ people, loaded, roundAvatar, onOpen }: ContactDirectoryProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (query.trim() ? people.filter((p) => matchesAny(query, [p.displayName, p.account])) : people), [people, query]);
  const sections = useMemo(() => groupContacts(shown, i18n.language), [shown, i18n.language]);
  const jump = (letter: string) => document.getElementById(sectionId(letter))?.scrollIntoView({ block: 'start' });

  return (
    <>
      <div className="flex bg-page px-3 py-2"><SearchInput value={query} onChange={setQuery} placeholder={t('contacts.searchPlaceholder')} /></div>
      {!loaded && !people.length && <p className="py-16 text-center text-[14px] text-neutral-400">{t('common.loading')}</p>}
      {loaded && !shown.length && <p className="py-16 text-center text-[14px] text-neutral-400">{t('contacts.empty')}</p>}
      {sections.map(({ letter, people: rows }) => (
        <section key={letter} id={sectionId(letter)} aria-label={letter} className="scroll-mt-11">
          <h2 className="sticky top-11 bg-page px-4 py-1 text-[13px] font-medium text-neutral-500">{letter}</h2>
          <ul>{rows.map((p) => <ContactRow key={String(p.id)} person={p} roundAvatar={roundAvatar} onOpen={onOpen} />)}</ul>
        </section>
      ))}
      {shown.length > 0 && <p className="py-5 text-center text-[14px] text-neutral-400">{t('contacts.count', { count: shown.length })}</p>}
      {!query.trim() && sections.length > 1 && <LetterBar letters={sections.map((s) => s.letter)} onPick={jump} />}
    </>
  );
}
