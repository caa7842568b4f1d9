// Add people to a group (the original's addGroupUser): its members come ticked and fixed; at
// most 20 at a time, as the server allows.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { GROUP_ADD_MAX } from '@protocol/groups';
import { Button } from '@web/components/ui/button';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { addMembers, fetchMembers, fetchPickable, type Pickable } from '../api/groups-api';
import { groupKeys } from '../state/group-queries';
import { PeoplePicker } from './people-picker';

export function AddMembers({ groupKey, onDone }: { groupKey: string; onDone: () => void }) {
  const { t } = useTranslation();
  // Its members come ticked and fixed.
  const pickable = useQuery({
    queryKey: [...groupKeys.all(groupKey), 'pickable'],
    queryFn: () => fetchMembers(groupKey).then((members) => fetchPickable(members.map((m) => m.user_id))),
  });
  const people: Pickable[] | null = pickable.data ?? (pickable.isError ? [] : null);
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (selected.length > GROUP_ADD_MAX) return showToast(t('groups.add.tooMany', { count: GROUP_ADD_MAX }));
    setBusy(true);
    try {
      await addMembers(groupKey, selected);
      showToast(t('groups.add.done'));
      onDone();
    } catch {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (selected.length && !busy) void add();
      }}
    >
      {people === null ? (
        <p role="status" className="py-10 text-center text-[14px] text-neutral-500">
          {t('common.loading')}
        </p>
      ) : (
        <PeoplePicker people={people} selected={selected} onChange={setSelected} label={t('groups.add.pick')} />
      )}
      <div className="sticky bottom-0 z-10 border-t border-neutral-200 bg-page px-4 py-3">
        <Button type="submit" disabled={selected.length === 0 || busy}>
          {t('groups.add.submit', { count: selected.length })}
        </Button>
      </div>
    </form>
  );
}
