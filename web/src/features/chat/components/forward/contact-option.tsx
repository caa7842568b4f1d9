// One contact in the forward picker: a checkbox row with avatar and name.
import type { Contact } from '../../types';
import { ChatAvatar } from '../chat-avatar';

interface ContactOptionProps {
  contact: Contact;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}

export function ContactOption({ contact, checked, disabled, onToggle }: ContactOptionProps) {
  return (
    <li>
      <label className={`flex h-16 items-center gap-3 px-4 ${disabled ? 'opacity-40' : 'active:bg-neutral-100'}`}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          aria-label={contact.displayName}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className={`flex size-[22px] shrink-0 items-center justify-center rounded-full border ${checked ? 'border-brand bg-brand' : 'border-neutral-300 bg-white'} peer-focus-visible:ring-2 peer-focus-visible:ring-brand/40`}
        >
          {checked && (
            <svg
              viewBox="0 0 24 24"
              width="14"
              height="14"
              fill="none"
              stroke="#fff"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m5 12 5 5 9-10" />
            </svg>
          )}
        </span>
        <ChatAvatar contact={contact} size={40} />
        <span className="min-w-0 flex-1 truncate text-[16px] text-neutral-900">{contact.displayName}</span>
      </label>
    </li>
  );
}
