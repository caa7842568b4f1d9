// The address book: a filter box, the people in letter sections with a jump bar, and the count at
// the bottom. The filter is instant on the loaded list (name or account, ignoring case and
// accents); once typing pauses the server's directory search adds whom it finds besides (pinyin
// initials, full accounts). Who is listed and what tapping someone does are the screen's to say.
import { useMemo, useState } from 'react';

import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';
import { matchesAny } from '@web/utils/fold-text';

import { useDirectorySearch, withFound } from '../hooks/use-directory-search';
import type { Person } from '../types';
import { ContactRow } from './contact-row';
import { groupContacts } from './group-contacts';
import { LetterBar } from './letter-bar';

const sectionId = (letter: string) => `contacts-section-${letter === '#' ? 'other' : letter}`;
const NOTE = 'py-16 text-center text-[14px] text-neutral-400';

interface ContactDirectoryProps {
  people: readonly Person[];
  /** False until the list has arrived once: an empty list then reads "loading", not "nobody". */
  loaded: boolean;
  /** Run mode 2: the list is my friends, and people the search finds besides are listed apart. */
  friendsOnly: boolean;
  onOpen: (person: Person) => void;
}

export function ContactDirectory({ people, loaded, friendsOnly, onOpen }: ContactDirectoryProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const typed = query.trim() !== '';
  const local = useMemo(
    () => (typed ? people.filter((p) => matchesAny(query, [p.displayName, p.account])) : people),
    [people, query, typed],
  );
  const { found, searching } = useDirectorySearch(query);
  const { people: shown, others } = useMemo(() => withFound(local, found, friendsOnly), [local, found, friendsOnly]);
  const sections = useMemo(() => groupContacts(shown, i18n.language), [shown, i18n.language]);
  const jump = (letter: string) => document.getElementById(sectionId(letter))?.scrollIntoView({ block: 'start' });
  const nobody = !shown.length && !others.length;

  return (
    <>
      <div className="flex bg-page px-3 py-2">
        <SearchInput value={query} onChange={setQuery} placeholder={t('contacts.searchPlaceholder')} />
      </div>
      {!loaded && !people.length && <p className={NOTE}>{t('common.loading')}</p>}
      {loaded && nobody && <p className={NOTE}>{t(searching ? 'search.searching' : 'contacts.empty')}</p>}
      {sections.map(({ letter, people: rows }) => (
        <section key={letter} id={sectionId(letter)} aria-label={letter} className="scroll-mt-11">
          <h2 className="sticky top-11 bg-page px-4 py-1 text-[13px] font-medium text-neutral-500">{letter}</h2>
          <ul>
            {rows.map((p) => (
              <ContactRow key={String(p.id)} person={p} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
      {shown.length > 0 && (
        <p className="py-5 text-center text-[14px] text-neutral-400">{t('contacts.count', { count: shown.length })}</p>
      )}
      {others.length > 0 && (
        <section aria-label={t('contacts.others')}>
          <h2 className="bg-page px-4 py-1 text-[13px] font-medium text-neutral-500">{t('contacts.others')}</h2>
          <ul>
            {others.map((p) => (
              <ContactRow key={String(p.id)} person={p} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      )}
      {!typed && sections.length > 1 && <LetterBar letters={sections.map((s) => s.letter)} onPick={jump} />}
    </>
  );
}
