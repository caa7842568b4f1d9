// The group's announcement, with its editor for those allowed. Publishing also posts it in the
// chat as a message that mentions everyone (the server does that).
import { useState } from 'react';

import { GROUP_NOTICE_MAX } from '@protocol/groups';
import { useTranslation } from '@web/lib/i18n';

import { setNotice } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { TextEditor } from './text-editor';

export function NoticeSection({ groupKey, notice, canEdit }: { groupKey: string; notice: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <div className="mt-3">
        <TextEditor
          label={t('groups.info.notice')}
          initial={notice}
          max={GROUP_NOTICE_MAX}
          multiline
          onSave={(text) => afterGroupChange(groupKey, setNotice(groupKey, text))}
          onClose={() => setEditing(false)}
        />
      </div>
    );
  return (
    <section className="mt-3 bg-white px-4 py-3" aria-labelledby="group-notice">
      <div className="flex items-center">
        <h2 id="group-notice" className="flex-1 text-[16px] text-neutral-900">
          {t('groups.info.notice')}
        </h2>
        {canEdit && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="h-9 rounded-md px-2 text-[14px] text-brand-dark active:bg-neutral-100"
          >
            {t('groups.info.editNotice')}
          </button>
        )}
      </div>
      <p className="mt-1 text-[14px] leading-relaxed whitespace-pre-wrap break-words text-neutral-600">
        {notice || t('groups.info.noNotice')}
      </p>
    </section>
  );
}
