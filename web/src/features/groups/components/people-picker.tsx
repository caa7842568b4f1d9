// A searchable list of people to tick (create a group, add members) or to choose one of
// (transfer ownership). Native checkboxes and radios, so it works by keyboard as it is.
import { useMemo, useState } from 'react';

import { Avatar } from '@web/components/ui/avatar';
import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';

export interface PickPerson {
  user_id: number;
  displayName: string;
  avatar: string;
  /** Already in (a member, or chosen before): shown ticked and fixed. */
  disabled?: boolean;
}

interface PeoplePickerProps {
  people: readonly PickPerson[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  /** One choice (radio) instead of many. */
  single?: boolean;
  label: string;
}

export function PeoplePicker({ people, selected, onChange, single = false, label }: PeoplePickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? people.filter((p) => p.displayName.toLowerCase().includes(q)) : people;
  }, [people, query]);
  const toggle = (id: number, on: boolean) =>
    onChange(single ? [id] : on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <div>
      <div className="flex px-4 py-2">
        <SearchInput value={query} onChange={setQuery} placeholder={t('groups.picker.search')} />
      </div>
      <fieldset>
        <legend className="sr-only">{label}</legend>
        {shown.length === 0 && (
          <p className="py-10 text-center text-[14px] text-neutral-500">{t('groups.picker.nobody')}</p>
        )}
        <ul className="divide-y divide-neutral-100 border-y border-neutral-100 bg-white">
          {shown.map((p) => (
            <li key={p.user_id}>
              <label
                className={`flex min-h-14 items-center gap-3 px-4 ${p.disabled ? 'opacity-60' : 'cursor-pointer active:bg-neutral-100'}`}
              >
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name="people"
                  className="size-5 accent-[#0D7A0C]"
                  disabled={p.disabled}
                  checked={p.disabled || selected.includes(p.user_id)}
                  onChange={(e) => toggle(p.user_id, e.target.checked)}
                />
                <Avatar name={p.displayName} src={p.avatar || undefined} size={40} />
                <span className="min-w-0 flex-1 truncate text-[16px] text-neutral-900">{p.displayName}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}
