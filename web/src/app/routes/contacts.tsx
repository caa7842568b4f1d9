// The address book tab: New invites, Group chats, then the people. getContacts lists
// them with the chats (each person's card: account, index letter): in run mode 2 my friends (and
// the privileged users I chat with), in run mode 1 everyone. Tapping someone opens their page.
import { useMemo } from 'react';
import { useNavigate } from 'react-router';

import { friendsOnlyMode } from '@protocol/config-values';

import { Link } from '../../components/ui/link';
import { TopBar } from '../../components/ui/top-bar';
import { PATHS } from '../../config/paths';
import { useChatState } from '../../features/chat';
import { AddressBook, contactDetailPath, type Person } from '../../features/contacts';
import { useTranslation } from '../../lib/i18n';
import { storedSystemInfo } from '../../lib/system-info';

export default function ContactsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contacts = useChatState((s) => s.contacts);
  const loaded = useChatState((s) => s.contactsLoaded);
  const people = useMemo(() => contacts.filter((c) => !c.is_group && !c.removed), [contacts]);
  const open = (person: Person) => void navigate(contactDetailPath(person.id));
  const add = (
    <Link
      to={PATHS.contactSearch}
      aria-label={t('people.addressBook.addContact')}
      className="flex h-11 w-11 items-center justify-center text-neutral-800 active:opacity-50"
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <circle cx="10" cy="8" r="4" />
        <path d="M3 20c0-3.9 3.1-6 7-6s7 2.1 7 6M19 8v6M16 11h6" />
      </svg>
    </Link>
  );
  return (
    <div className="min-h-[calc(100dvh-50px)] bg-page">
      <TopBar title={t('route.contacts')} showBack={false} trailing={add} />
      <main>
        <AddressBook
          people={people}
          loaded={loaded}
          friendsOnly={friendsOnlyMode(storedSystemInfo().sysInfo)}
          onOpen={open}
        />
      </main>
    </div>
  );
}
