// The top of the group's page: its picture (changed by a tap when allowed), the name (renamed in
// place when allowed) and the member count.
import { useState } from 'react';

import { GROUP_NAME_MAX } from '@protocol/groups';
import { useTranslation } from '@web/lib/i18n';

import { type GroupInfo, type GroupMember, renameGroup } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { GroupPicture } from './group-picture';
import { TextEditor } from './text-editor';

export function GroupHeader({
  info,
  members,
  canEdit,
  canChangePicture,
}: {
  info: GroupInfo;
  members: readonly GroupMember[];
  canEdit: boolean;
  canChangePicture: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <TextEditor
        label={t('groups.info.name')}
        initial={info.displayName}
        max={GROUP_NAME_MAX}
        onSave={(name) => afterGroupChange(info.id, renameGroup(info.id, name))}
        onClose={() => setEditing(false)}
      />
    );
  return (
    <section className="flex items-center gap-4 bg-white px-4 py-4">
      <GroupPicture info={info} members={members} canChange={canChangePicture} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-[18px] font-medium text-neutral-900">{info.displayName}</h2>
        <p className="mt-1 text-[13px] text-neutral-600">{t('groups.memberCount', { count: info.groupUserCount })}</p>
      </div>
      {canEdit && (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="h-9 rounded-md border border-neutral-300 px-3 text-[14px] text-neutral-800 active:bg-neutral-100"
        >
          {t('groups.info.rename')}
        </button>
      )}
    </section>
  );
}
