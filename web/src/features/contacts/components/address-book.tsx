// The address book's content (spec §2 /pages/contacts/index): New invites (with the count of
// requests waiting for me) and Group chats, then the people — my friends in run mode 2, the
// whole organisation in run mode 1 — with the filter, the letter bar and the count.
import { PATHS } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n';
import { Badge } from '../../../components/ui/badge';
import { ChevronIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/link';
import { useFriendsState } from '../state/friends-store';
import type { Person } from '../types';
import { ContactDirectory } from './contact-directory';

interface AddressBookProps {
  people: readonly Person[];
  loaded: boolean;
  /** Run mode 2: the people are my friends; otherwise the organisation's directory. */
  friendsOnly: boolean;
  onOpen: (person: Person) => void;
}

const ROW = 'flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900 active:bg-neutral-100';

export function AddressBook({ people, loaded, friendsOnly, onOpen }: AddressBookProps) {
  const { t } = useTranslation();
  const pending = useFriendsState((s) => s.pending);
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
      <h2 className="px-4 pt-3 pb-1 text-[13px] text-neutral-600">{t(friendsOnly ? 'people.addressBook.friends' : 'people.addressBook.directory')}</h2>
      <ContactDirectory people={people} loaded={loaded} friendsOnly={friendsOnly} onOpen={onOpen} />
    </>
  );
}
