// One person in the address book: avatar, name and, when it differs, the account.
import { Avatar } from '@web/components/ui/avatar';

import type { Person } from '../types';

export function ContactRow({ person, onOpen }: { person: Person; onOpen: (person: Person) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(person)}
        className="flex w-full items-center gap-3 bg-white pl-4 text-left active:bg-neutral-100"
      >
        <Avatar name={person.displayName} src={person.avatar || undefined} size={40} />
        <span className="flex min-h-14 min-w-0 flex-1 flex-col justify-center border-b border-black/5 pr-8">
          <span className="truncate text-[16px] text-neutral-900">{person.displayName}</span>
          {person.account && person.account !== person.displayName && (
            <span className="truncate text-[12px] text-neutral-400">{person.account}</span>
          )}
        </span>
      </button>
    </li>
  );
}
