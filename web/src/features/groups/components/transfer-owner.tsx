// Hand the group over (owner only): choose a member, confirm; the old owner becomes a member.
import { useState } from 'react';

import { ROLE } from '@protocol/groups';
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';

import { type GroupMember, transferOwner } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { PeoplePicker } from './people-picker';

export function TransferOwner({ groupKey, members }: { groupKey: string; members: readonly GroupMember[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const others = members
    .filter((m) => m.role !== ROLE.OWNER)
    .map((m) => ({ user_id: m.user_id, displayName: m.userInfo.displayName, avatar: m.userInfo.avatar }));
  const target = others.find((m) => m.user_id === chosen[0]);

  const transfer = async () => {
    if (
      !target ||
      !(await showDialog(t('groups.transfer.confirm', { name: target.displayName }), { showCancel: true }))
    )
      return;
    await afterGroupChange(groupKey, transferOwner(groupKey, target.user_id)).then(
      () => setOpen(false),
      () => undefined,
    );
  };

  return (
    <section className="mt-3 bg-white">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex min-h-14 w-full items-center px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100"
      >
        {t('groups.transfer.title')}
      </button>
      {open && (
        <div className="pb-3">
          <PeoplePicker
            people={others}
            selected={chosen}
            onChange={setChosen}
            single
            label={t('groups.transfer.pick')}
          />
          <div className="px-4 pt-3">
            <button
              type="button"
              disabled={!target}
              onClick={() => void transfer()}
              className="h-11 w-full rounded-lg bg-brand-dark text-[16px] font-medium text-white disabled:bg-brand/50"
            >
              {t('groups.transfer.submit')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
