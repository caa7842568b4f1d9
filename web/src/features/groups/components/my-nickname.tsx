// "My nickname in this group": the name the other members see me by here (unless they gave me a
// remark), with its editor; an empty one clears it.
import { useState } from 'react';

import { GROUP_NICKNAME_MAX } from '@protocol/groups';
import { ChevronIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';

import { setMyNickname } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { TextEditor } from './text-editor';

export function MyNickname({ groupKey, nickname }: { groupKey: string; nickname: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <div className="mt-3">
        <TextEditor
          label={t('groups.nickname.label')}
          initial={nickname}
          max={GROUP_NICKNAME_MAX}
          allowEmpty
          onSave={(text) => afterGroupChange(groupKey, setMyNickname(groupKey, text))}
          onClose={() => setEditing(false)}
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setEditing(true)}
      className="mt-3 flex min-h-14 w-full items-center gap-3 bg-white px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100"
    >
      <span className="flex-1">{t('groups.nickname.label')}</span>
      <span className="max-w-[50%] truncate text-[14px] text-neutral-600">{nickname || t('groups.nickname.none')}</span>
      <ChevronIcon />
    </button>
  );
}
