// Create a group (the original's group/add): pick at least two people (my friends in run mode 2,
// anyone otherwise: getAllUser), name it (optional: the server names it after the members), create.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { GROUP_NAME_MAX } from '@protocol/groups';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';

import { createGroup, fetchPickable, type GroupCard, type Pickable } from '../api/groups-api';
import { CharCount } from './char-count';
import { PeoplePicker } from './people-picker';

/** Fewer than this many others makes no group (the client asks for two). */
export const GROUP_MIN_PICK = 2;

export function CreateGroup({ onCreated }: { onCreated: (card: GroupCard) => void }) {
  const { t } = useTranslation();
  const pickable = useQuery({ queryKey: ['pickable'], queryFn: () => fetchPickable() });
  // The API client told why a load failed: nobody to pick then.
  const people: Pickable[] | null = pickable.data ?? (pickable.isError ? [] : null);
  const [selected, setSelected] = useState<number[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      onCreated(await createGroup(selected, name.trim()));
    } catch {
      // The API client has shown why; the choice stays for another try.
      setBusy(false);
    }
  };

  const enough = selected.length >= GROUP_MIN_PICK;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (enough && !busy) void create();
      }}
    >
      <div className="bg-white px-4 py-3">
        <label htmlFor="group-name" className="block text-[13px] text-neutral-600">
          {t('groups.create.name')}
        </label>
        <input
          id="group-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={GROUP_NAME_MAX}
          placeholder={t('groups.create.namePlaceholder')}
          aria-describedby="group-name-count"
          className="mt-1 h-10 w-full rounded-md border border-neutral-300 px-3 text-[16px] outline-none focus:border-brand-dark"
        />
        <CharCount id="group-name-count" used={name.length} max={GROUP_NAME_MAX} />
      </div>
      {people === null ? (
        <p role="status" className="py-10 text-center text-[14px] text-neutral-500">
          {t('common.loading')}
        </p>
      ) : (
        <PeoplePicker
          people={people.map((p) => ({ ...p, user_id: p.user_id }))}
          selected={selected}
          onChange={setSelected}
          label={t('groups.create.pick')}
        />
      )}
      <div className="sticky bottom-0 z-10 border-t border-neutral-200 bg-page px-4 py-3">
        <p className="mb-2 text-center text-[13px] text-neutral-600" aria-live="polite">
          {enough
            ? t('groups.create.selected', { count: selected.length })
            : t('groups.create.atLeast', { count: GROUP_MIN_PICK })}
        </p>
        <Button type="submit" disabled={!enough || busy}>
          {t('groups.create.submit', { count: selected.length })}
        </Button>
      </div>
    </form>
  );
}
