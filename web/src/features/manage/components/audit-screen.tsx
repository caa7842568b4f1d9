// manage/audit/index: what operators did, newest first, filtered by action (or its prefix: "user.")
// and paged; each row says who, what, on whom, what it was and what it became, and when.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { type TKey, useTranslation } from '@web/lib/i18n';

import { type AuditRow, fetchAudit } from '../api/manage-api';
import { ConsoleScreen, EmptyRow, formatTime, Pager, SelectField } from './console-ui';

const LIMIT = 30;
const PREFIXES: { value: string; label: TKey }[] = [
  { value: '', label: 'manage.audit.all' },
  { value: 'user.', label: 'manage.audit.prefix.user' },
  { value: 'group.', label: 'manage.audit.prefix.group' },
  { value: 'invite.', label: 'manage.audit.prefix.invite' },
  { value: 'config.', label: 'manage.audit.prefix.config' },
];

/** A stored before/after (JSON) as a short line: `status: 1`, or as stored when it is not an object. */
function changeText(json: string): string {
  if (!json) return '';
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.entries(value)
        .map(([k, x]) => `${k}: ${typeof x === 'string' ? x : JSON.stringify(x)}`)
        .join(', ');
    return value === null ? '' : JSON.stringify(value);
  } catch {
    return json;
  }
}

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
  const before = changeText(row.before);
  const after = changeText(row.after);
  return (
    <li className="grid gap-1 px-4 py-3 text-[14px] md:grid-cols-[11rem_1fr]">
      <time className="text-[13px] text-neutral-600" dateTime={new Date(row.create_time * 1000).toISOString()}>
        {formatTime(row.create_time)}
      </time>
      <div>
        <p className="text-neutral-900">
          <span className="font-medium">{row.actor_name || `#${row.actor_id}`}</span>{' '}
          <code className="rounded bg-neutral-100 px-1">{row.action}</code> {row.target}
        </p>
        {(before || after) && (
          <p className="mt-0.5 text-[13px] break-all text-neutral-600">
            {before && <span>{before}</span>}
            {before && after && (
              <>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> {t('manage.audit.became')} </span>
              </>
            )}
            {after && <span>{after}</span>}
          </p>
        )}
      </div>
    </li>
  );
}
