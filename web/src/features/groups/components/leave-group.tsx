// The end of the group's page: the owner dissolves the group (and must hand it over to leave);
// anyone else quits. Both ask first, then go back to the chat list.
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';

import { dissolveGroup, removeMember } from '../api/groups-api';

export function LeaveGroup({
  groupKey,
  me,
  owner,
  onLeft,
}: {
  groupKey: string;
  me: number;
  owner: boolean;
  onLeft: () => void;
}) {
  const { t } = useTranslation();
  const leave = async () => {
    if (
      !(await showDialog(t(owner ? 'groups.leave.dissolveConfirm' : 'groups.leave.quitConfirm'), { showCancel: true }))
    )
      return;
    await (owner ? dissolveGroup(groupKey) : removeMember(groupKey, me)).then(onLeft, () => undefined);
  };
  return (
    <div className="mt-3">
      {owner && <p className="px-4 pb-2 text-[13px] text-neutral-600">{t('groups.leave.ownerHint')}</p>}
      <button
        type="button"
        onClick={() => void leave()}
        className="block h-14 w-full border-y border-neutral-100 bg-white text-[16px] text-danger active:bg-neutral-100"
      >
        {t(owner ? 'groups.leave.dissolve' : 'groups.leave.quit')}
      </button>
    </div>
  );
}
