// Choosing whom to forward to: a searchable contact list with checkboxes. The chat the message
// came from is disabled; a sixth choice is refused with a toast.
import { useMemo, useState } from 'react';

import { SearchInput } from '@web/components/ui/search-input';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { FORWARD_MAX } from '../../config/chat-config';
import { type Contact, keyOf } from '../../types';
import { ContactOption } from './contact-option';
import { forwardTargets, matchesSearch, toggleTarget } from './forward-rules';

interface ForwardPickerProps {
  contacts: Contact[];
  /** The chat the message is forwarded from. */
  current: string;
  busy: boolean;
  onConfirm: (targets: string[]) => void;
}

export function ForwardPicker({ contacts, current, busy, onConfirm }: ForwardPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const shown = useMemo(() => forwardTargets(contacts).filter((c) => matchesSearch(c, query)), [contacts, query]);

  const toggle = (key: string) => {
    const next = toggleTarget(selected, key);
    if (next.refused) showToast(t('chat.forward.max', { count: FORWARD_MAX }));
    setSelected(next.selected);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="bg-page px-3 py-2">
        <SearchInput value={query} onChange={setQuery} placeholder={t('chat.forward.search')} />
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-neutral-100 overflow-y-auto bg-white">
        {shown.map((contact) => {
          const key = keyOf(contact.id);
          return (
            <ContactOption
              key={key}
              contact={contact}
              checked={selected.includes(key)}
              disabled={key === current}
              onToggle={() => toggle(key)}
            />
          );
        })}
        {shown.length === 0 && (
          <li className="py-16 text-center text-[14px] text-neutral-400">{t('chat.forward.empty')}</li>
        )}
      </ul>
      <div className="flex shrink-0 items-center justify-between border-t border-black/5 bg-[#f7f7f7] px-4 py-2.5 pb-[max(10px,env(safe-area-inset-bottom))]">
        <span className="text-[13px] text-neutral-500">
          {t('chat.forward.selected', { count: selected.length, max: FORWARD_MAX })}
        </span>
        <button
          type="button"
          disabled={selected.length === 0 || busy}
          onClick={() => onConfirm(selected)}
          className="h-9 rounded-[4px] bg-brand-dark px-4 text-[15px] font-medium text-white disabled:bg-brand/40"
        >
          {t('chat.forward.send')}
        </button>
      </div>
    </div>
  );
}
