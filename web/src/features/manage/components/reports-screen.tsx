// manage/report/*: the reported messages, open ones first. Each shows who reported whom and why,
// and the message among the few the reporter saw around it (never more of the conversation); an
// operator dismisses the report, hides the message for everyone, or disables the sender. The card
// names the chat (the group, or the one-to-one pair) and words system lines and media as the chat does.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { groupEventText, systemLineOf, typePlaceholder } from '@web/features/chat';
import { type TFunction, type TKey, useTranslation } from '@web/lib/i18n';

import { decideReport, fetchReports, type Report, type ReportDecision, type ReportLine } from '../api/moderation-api';
import { useConsoleReadOnly } from '../operator';
import { ConsoleScreen, EmptyRow, formatTime, Pager, SelectField, SmallButton } from './console-ui';

const LIMIT = 20;
const STATUS: TKey[] = [
  'manage.reports.status.open',
  'manage.reports.status.dismissed',
  'manage.reports.status.hidden',
  'manage.reports.status.disabled',
];
const ASK: Record<ReportDecision, TKey> = {
  dismiss: 'manage.reports.dismissAsk',
  hide: 'manage.reports.hideAsk',
  disableSender: 'manage.reports.disableAsk',
};

const isGroup = (r: Report) => r.conversation.startsWith('group-');

/** The chat a report came from: the group by name, or the reporter's chat with the sender. */
function chatOf(r: Report, t: TFunction): string {
  if (!isGroup(r)) return t('manage.reports.inDirect', { a: r.reporter_name, b: r.sender_name });
  return r.group_name ? t('manage.reports.inGroup', { name: r.group_name }) : t('manage.reports.inGroupGone');
}

/** A kept message as the chat shows it: a system line worded (no one is "you" here), media by kind. */
function lineText(line: ReportLine, group: boolean, t: TFunction): string {
  if (line.type === 'event') {
    const system = systemLineOf({ system: line.system });
    if (system) return groupEventText(system, 0, t);
    if (line.content) return line.content;
    return group ? t('groupEvents.updated') : t('groupEvents.friends');
  }
  return typePlaceholder(line.type, t) ?? line.content;
}

export function ReportsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState(0);
  const readOnly = useConsoleReadOnly();
  const q = { page, limit: LIMIT, status };
  const { data } = useQuery({
    queryKey: ['manage', 'reports', q],
    queryFn: () => fetchReports(q),
    placeholderData: keepPreviousData,
  });

  const decide = async (decision: ReportDecision, report: Report) => {
    if (!(await showDialog(t(ASK[decision], { name: report.sender_name }), { showCancel: true }))) return;
    await decideReport(decision, report.id).then(
      () => showToast(t('manage.reports.done')),
      () => undefined,
    );
    void client.invalidateQueries({ queryKey: ['manage', 'reports'] });
  };

  return (
    <ConsoleScreen title={t('manage.nav.reports')}>
      <div className="mb-3 max-w-xs">
        <SelectField
          label={t('manage.reports.show')}
          value={String(status)}
          onChange={(e) => {
            setStatus(Number(e.target.value));
            setPage(1);
          }}
          options={[
            ...STATUS.map((key, i) => ({ value: String(i), label: t(key) })),
            { value: '-1', label: t('manage.reports.all') },
          ]}
        />
      </div>
      <ul aria-label={t('manage.nav.reports')} className="space-y-3">
        {data?.rows.map((r) => (
          <li key={r.id} className="rounded-lg border border-neutral-200 bg-white p-4">
            <p className="text-[15px] text-neutral-900">
              <span>{t('manage.reports.line', { reporter: r.reporter_name, sender: r.sender_name })}</span>
              {' · '}
              <strong>{t(`chat.report.${r.reason}` as TKey)}</strong>
            </p>
            <p className="text-[13px] text-neutral-600">
              {chatOf(r, t)} · {formatTime(r.create_time)} · {t(STATUS[r.status] ?? STATUS[0]!)}
              {r.note && ` · “${r.note}”`}
            </p>
            <ol className="mt-2 space-y-1 rounded-md bg-neutral-50 p-2 text-[14px]">
              {r.context.map((line) => (
                <li key={line.msg_id} className={line.reported ? 'rounded bg-amber-100 px-1 font-medium' : 'px-1'}>
                  {line.type === 'event' ? (
                    <span className="text-neutral-600 italic">
                      <span className="sr-only">{t('manage.reports.system')}: </span>
                      {lineText(line, isGroup(r), t)}
                    </span>
                  ) : (
                    <>
                      <span className="text-neutral-600">{line.from.name}: </span>
                      <span className="text-neutral-900">{lineText(line, isGroup(r), t)}</span>
                    </>
                  )}
                </li>
              ))}
            </ol>
            {r.status === 0 && (
              <div className="mt-3 flex flex-wrap gap-2">
                <SmallButton disabled={readOnly} onClick={() => void decide('dismiss', r)}>
                  {t('manage.reports.dismiss')}
                </SmallButton>
                <SmallButton tone="danger" disabled={readOnly} onClick={() => void decide('hide', r)}>
                  {t('manage.reports.hide')}
                </SmallButton>
                <SmallButton tone="danger" disabled={readOnly} onClick={() => void decide('disableSender', r)}>
                  {t('manage.reports.disable', { name: r.sender_name })}
                </SmallButton>
              </div>
            )}
          </li>
        ))}
        {data?.rows.length === 0 && <EmptyRow boxed />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
    </ConsoleScreen>
  );
}
