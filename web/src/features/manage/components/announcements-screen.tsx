// manage/index/*Notice: announcements to every user. A super admin publishes, edits and deletes
// them (everyone online hears at once); an admin reads the list.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';

import { deleteNotice, fetchNotices, type Notice, publishNotice } from '../api/moderation-api';
import { isSuperAdmin, useConsoleReadOnly } from '../operator';
import { ConsoleScreen, EmptyRow, Field, formatTime, FormDialog, Pager, SmallButton } from './console-ui';

const LIMIT = 20;

export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editable = isSuperAdmin(storage.getUserInfo()?.role);
  const readOnly = useConsoleReadOnly();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const q = { page, limit: LIMIT };
  const { data } = useQuery({
    queryKey: ['manage', 'notices', q],
    queryFn: () => fetchNotices(q),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['manage', 'notices'] });

  const remove = async (notice: Notice) => {
    if (!(await showDialog(t('manage.notices.deleteAsk', { title: notice.title }), { showCancel: true }))) return;
    await deleteNotice(notice.id).then(
      () => showToast(t('manage.notices.deleted')),
      () => undefined,
    );
    refresh();
  };

  return (
    <ConsoleScreen
      title={t('manage.nav.announcements')}
      actions={
        editable && (
          <SmallButton tone="primary" disabled={readOnly} onClick={() => setEditing('new')}>
            {t('manage.notices.add')}
          </SmallButton>
        )
      }
    >
      <ul aria-label={t('manage.nav.announcements')} className="space-y-3">
        {data?.rows.map((n) => (
          <li key={n.id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <h2 className="text-[16px] font-medium text-neutral-900">{n.title}</h2>
            <p className="text-[13px] text-neutral-600">{formatTime(n.create_time)}</p>
            <p className="mt-2 text-[14px] whitespace-pre-wrap text-neutral-800">{n.content}</p>
            {editable && (
              <div className="mt-3 flex gap-2">
                <SmallButton disabled={readOnly} onClick={() => setEditing(n)}>
                  {t('manage.notices.edit')}
                  <span className="sr-only"> {n.title}</span>
                </SmallButton>
                <SmallButton tone="danger" disabled={readOnly} onClick={() => void remove(n)}>
                  {t('manage.notices.delete')}
                  <span className="sr-only"> {n.title}</span>
                </SmallButton>
              </div>
            )}
          </li>
        ))}
        {data?.rows.length === 0 && <EmptyRow boxed />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
      {editing && (
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </ConsoleScreen>
  );
}

function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [content, setContent] = useState(notice?.content ?? '');
  const [busy, setBusy] = useState(false);
  const valid = title.trim().length > 0 && title.length <= 100 && content.trim().length > 0 && content.length <= 5000;
  return (
    <FormDialog
      title={t(notice ? 'manage.notices.editTitle' : 'manage.notices.addTitle')}
      submitLabel={t('manage.notices.publish')}
      busy={busy}
      valid={valid}
      onSubmit={() => {
        setBusy(true);
        publishNotice({ ...(notice ? { id: notice.id } : {}), title: title.trim(), content: content.trim() }).then(
          () => {
            showToast(t('manage.notices.published'));
            onClose();
          },
          () => setBusy(false),
        );
      }}
      onClose={onClose}
    >
      <Field
        label={t('manage.notices.titleLabel')}
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.target.value)}
        autoFocus
      />
      <label htmlFor={textId} className="block text-[13px] text-neutral-700">
        {t('manage.notices.textLabel')}
      </label>
      <textarea
        id={textId}
        value={content}
        maxLength={5000}
        rows={6}
        onChange={(e) => setContent(e.target.value)}
        className="w-full rounded-md border border-neutral-300 bg-white p-3 text-[15px] text-neutral-900 outline-none focus:border-brand-dark"
      />
    </FormDialog>
  );
}
