// manage/audit/index: what operators did, newest first, filtered by action (or its prefix: "user.")
// and paged; each row is a sentence (who did what to whom, by name) with what changed, and when
// (audit-text.ts words them).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { type TKey, useTranslation } from '@web/lib/i18n';

import { type AuditRow, fetchAudit } from '../api/manage-api';
import { AUDIT_KINDS, auditChanges, auditSentence } from './audit-text';
import { ConsoleScreen, EmptyRow, formatTime, Pager, SelectField } from './console-ui';

const LIMIT = 30;
const PREFIXES: { value: string; label: TKey }[] = [
  { value: '', label: 'manage.audit.all' },
  ...Object.keys(AUDIT_KINDS).map((prefix) => ({
    value: `${prefix}.`,
    label: `manage.audit.prefix.${prefix}` as TKey,
  })),
];

export function AuditScreen() {
  const { t } = useTranslation();
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const q = { page, limit: LIMIT, action };
  const { data } = useQuery({
    queryKey: ['manage', 'audit', q],
    queryFn: () => fetchAudit(q),
    placeholderData: keepPreviousData,
  });
  return (
    <ConsoleScreen title={t('manage.nav.audit')}>
      <div className="mb-3 w-64">
        <SelectField
          label={t('manage.audit.filter')}
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}
          options={PREFIXES.map((p) => ({ value: p.value, label: t(p.label) }))}
        />
      </div>
      <ul
        aria-label={t('manage.nav.audit')}
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white"
      >
        {data?.rows.map((row) => (
          <AuditLine key={row.id} row={row} />
        ))}
        {data?.rows.length === 0 && <EmptyRow />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
    </ConsoleScreen>
  );
}

function AuditLine({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const changes = auditChanges(row, t);
  return (
    <li className="grid gap-1 px-4 py-3 text-[14px] md:grid-cols-[11rem_1fr]">
      <time className="text-[13px] text-neutral-600" dateTime={new Date(row.create_time * 1000).toISOString()}>
        {formatTime(row.create_time)}
      </time>
      <div>
        <p className="text-neutral-900">{auditSentence(row, t)}</p>
        {changes.length > 0 && (
          <ul className="mt-0.5 text-[13px] break-words text-neutral-600">
            {changes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
