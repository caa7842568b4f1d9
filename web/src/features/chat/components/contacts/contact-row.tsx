// One person in the address book: avatar, name and, when it differs, the account.
import { Avatar } from '../../../../components/ui/avatar';
import type { Contact } from '../../types';

export function ContactRow({ contact, roundAvatar, onOpen }: { contact: Contact; roundAvatar: boolean; onOpen: (c: Contact) => void }) {
  return (
    <li>
      <button type="button" onClick={() => onOpen(contact)} className="flex w-full items-center gap-3 bg-white pl-4 text-left active:bg-neutral-100">
        <Avatar name={contact.displayName} src={contact.avatar || undefined} size={40} round={roundAvatar} />
        <span className="flex min-h-14 min-w-0 flex-1 flex-col justify-center border-b border-black/5 pr-8">
          <span className="truncate text-[16px] text-neutral-900">{contact.displayName}</span>
          {contact.account && contact.account !== contact.displayName && (
            <span className="truncate text-[12px] text-neutral-400">{contact.account}</span>
          )}
        </span>
      </button>
    </li>
  );
}
