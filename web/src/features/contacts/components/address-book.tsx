// The address book's content (the original's /pages/contacts/index): New invites (with the count of
// requests waiting for me) and Group chats, then the people — my friends in run mode 2, the
// whole organisation in run mode 1, where tabs switch to my friends alone — with the filter, the
// letter bar and the count.
import { useId, useMemo, useState } from 'react';

import { Badge } from '@web/components/ui/badge';
import { ChevronIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { useFriendsState } from '../state/friends-store';
import type { Person } from '../types';
import { ContactDirectory } from './contact-directory';
import { directoryTabId, DirectoryTabs, type DirectoryView } from './directory-tabs';

interface AddressBookProps {
  people: readonly Person[];
  loaded: boolean;
  /** Run mode 2: the people are my friends; otherwise the organisation's directory, friends marked. */
  friendsOnly: boolean;
  onOpen: (person: Person) => void;
}

const ROW = 'flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900 active:bg-neutral-100';

export function AddressBook({ people, loaded, friendsOnly, onOpen }: AddressBookProps) {
  const { t } = useTranslation();
  const pending = useFriendsState((s) => s.pending);
  // Kept while the page is open; the organisation first, as the company directory it was before.
  const [view, setView] = useState<DirectoryView>('organisation');
  const friends = useMemo(() => people.filter((p) => p.is_friend === 1), [people]);
  const ids = useId();
  return (
    <>
      <nav aria-label={t('route.contacts')} className="divide-y divide-neutral-100 border-b border-neutral-100">
        <Link to={PATHS.friendRequests} className={ROW}>
          <span className="flex-1">{t('people.addressBook.newInvites')}</span>
          <Badge count={pending} label={t('people.requests.pendingCount', { count: pending })} />
          <ChevronIcon />
        </Link>
        <Link to={PATHS.groups} className={ROW}>
          <span className="flex-1">{t('people.addressBook.groupChats')}</span>
          <ChevronIcon />
        </Link>
      </nav>
      {friendsOnly ? (
        <>
          <h2 className="px-4 pt-3 pb-1 text-[13px] text-neutral-600">{t('people.addressBook.friends')}</h2>
          <ContactDirectory people={people} loaded={loaded} friendsOnly onOpen={onOpen} />
        </>
      ) : (
        <>
          <DirectoryTabs view={view} friendCount={friends.length} onChange={setView} ids={ids} />
          {/* One directory for both views, so the words typed in its search stay when switching. */}
          <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={directoryTabId(ids, view)}>
            <ContactDirectory
              people={view === 'friends' ? friends : people}
              loaded={loaded}
              friendsOnly={view === 'friends'}
              onOpen={onOpen}
            />
          </div>
        </>
      )}
    </>
  );
}
