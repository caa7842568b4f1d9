// One group's members in the console, owner first, with what an operator may do to each: make or
// unmake a manager, hand the group over, remove (never the owner); and add people found by account or name.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import {
  addGroupMembers,
  changeGroupOwner,
  fetchGroupMembers,
  type GroupMember,
  type ManagedGroup,
  type ManagedUser,
  removeGroupMember,
  setGroupManager,
} from '../api/manage-api';
import { useConsoleReadOnly } from '../operator';
import { SmallButton } from './console-ui';
import { UserPicker } from './user-picker';

const OWNER = 1;
const MANAGER = 2;

export function GroupMembers({ group, onChanged }: { group: ManagedGroup; onChanged: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['manage', 'group-members', group.group_id];
  const { data } = useQuery({ queryKey: key, queryFn: () => fetchGroupMembers(group.group_id) });
  const [chosen, setChosen] = useState<ManagedUser[]>([]);
  const readOnly = useConsoleReadOnly();

  /** Confirms `ask`, runs `call`, and reads the members again. */
  const act = async (ask: string, call: () => Promise<unknown>) => {
    if (!(await showDialog(ask, { showCancel: true }))) return;
    await call().then(
      () => showToast(t('manage.saved')),
      () => undefined,
    );
    void client.invalidateQueries({ queryKey: key });
    onChanged();
  };

  const members = new Set(data?.map((m) => m.user_id));
  const wanted = chosen.filter((u) => !members.has(u.user_id)).map((u) => u.user_id);
  const roleName = (role: number) =>
    role === OWNER
      ? t('manage.groups.owner')
      : role === MANAGER
        ? t('manage.groups.manager')
        : t('manage.groups.member');

  return (
    <div className="w-full rounded-md bg-neutral-50 p-3">
      <h2 className="mb-2 text-[14px] font-medium text-neutral-800">
        {t('manage.groups.membersOf', { name: group.name })}
      </h2>
      <ul className="divide-y divide-neutral-200">
        {data?.map((m: GroupMember) => {
          const name = m.realname || m.account;
          return (
            <li key={m.user_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="min-w-40 flex-1 text-[14px] text-neutral-900">
                {name} <span className="text-neutral-600">({m.account})</span>
              </span>
              <span className="rounded bg-white px-2 py-0.5 text-[12px] text-neutral-700">{roleName(m.role)}</span>
              {m.role !== OWNER && (
                <div className="flex flex-wrap gap-2">
                  <SmallButton
                    disabled={readOnly}
                    onClick={() =>
                      void act(t('manage.groups.managerAsk', { name }), () =>
                        setGroupManager(group.group_id, m.user_id, m.role === MANAGER ? 3 : 2),
                      )
                    }
                  >
                    {m.role === MANAGER ? t('manage.groups.unsetManager') : t('manage.groups.setManager')}
                    <span className="sr-only"> {name}</span>
                  </SmallButton>
                  <SmallButton
                    disabled={readOnly}
                    onClick={() =>
                      void act(t('manage.groups.ownerAsk', { name }), () => changeGroupOwner(group.group_id, m.user_id))
                    }
                  >
                    {t('manage.groups.makeOwner')}
                    <span className="sr-only"> {name}</span>
                  </SmallButton>
                  <SmallButton
                    tone="danger"
                    disabled={readOnly}
                    onClick={() =>
                      void act(t('manage.groups.removeAsk', { name }), () =>
                        removeGroupMember(group.group_id, m.user_id),
                      )
                    }
                  >
                    {t('manage.groups.remove')}
                    <span className="sr-only"> {name}</span>
                  </SmallButton>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (wanted.length === 0 || readOnly) return;
          void act(t('manage.groups.addAsk', { count: wanted.length }), () =>
            addGroupMembers(group.group_id, wanted),
          ).then(() => setChosen([]));
        }}
      >
        <UserPicker label={t('manage.groups.addLabel')} chosen={chosen} onChange={setChosen} exclude={members} />
        <SmallButton type="submit" tone="primary" disabled={wanted.length === 0 || readOnly}>
          {t('manage.groups.add')}
        </SmallButton>
      </form>
    </div>
  );
}
