// The address book: a filter box (name or account, ignoring case and accents), the people in
// letter sections with a jump bar, and the count at the bottom. Tapping someone opens the chat.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n';
import { SearchInput } from '../../../../components/ui/search-input';
import { useChatState } from '../../hooks/use-chat';
import { chatPath, keyOf, type Contact } from '../../types';
import { matchesAny } from '../../../../utils/fold-text';
import { ContactRow } from './contact-row';
import { groupContacts } from './group-contacts';
import { LetterBar } from './letter-bar';

const sectionId = (letter: string) => `contacts-section-${letter === '#' ? 'other' : letter}`;

export function ContactDirectory({ roundAvatar }: { roundAvatar: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const contacts = useChatState((s) => s.contacts);
  const loaded = useChatState((s) => s.contactsLoaded);
  const [query, setQuery] = useState('');
  // Groups get their own page later; the directory lists people.
  const people = useMemo(() => contacts.filter((c) => !c.is_group), [contacts]);
  const shown = useMemo(() => (query.trim() ? people.filter((c) => matchesAny(query, [c.displayName, c.account])) : people), [people, query]);
  const sections = useMemo(() => groupContacts(shown, i18n.language), [shown, i18n.language]);

  const open = (c: Contact) => void navigate(chatPath(keyOf(c.id)));
  const jump = (letter: string) => document.getElementById(sectionId(letter))?.scrollIntoView({ block: 'start' });

  return (
    <>
      <div className="flex bg-page px-3 py-2"><SearchInput value={query} onChange={setQuery} placeholder={t('contacts.searchPlaceholder')} /></div>
      {!loaded && !people.length && <p className="py-16 text-center text-[14px] text-neutral-400">{t('common.loading')}</p>}
      {loaded && !shown.length && <p className="py-16 text-center text-[14px] text-neutral-400">{t('contacts.empty')}</p>}
      {sections.map(({ letter, contacts: rows }) => (
        <section key={letter} id={sectionId(letter)} aria-label={letter} className="scroll-mt-11">
          <h2 className="sticky top-11 bg-page px-4 py-1 text-[13px] font-medium text-neutral-500">{letter}</h2>
          <ul>{rows.map((c) => <ContactRow key={keyOf(c.id)} contact={c} roundAvatar={roundAvatar} onOpen={open} />)}</ul>
        </section>
      ))}
      {shown.length > 0 && <p className="py-5 text-center text-[14px] text-neutral-400">{t('contacts.count', { count: shown.length })}</p>}
      {!query.trim() && sections.length > 1 && <LetterBar letters={sections.map((s) => s.letter)} onPick={jump} />}
    </>
  );
}
