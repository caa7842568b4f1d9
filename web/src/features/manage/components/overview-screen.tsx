// manage/index/index as cards: users (and how many are disabled), groups, files, the storage they
// hold, who is online now and messages, with messages per day as a chart. Read again every 30 s while open.
import { useQuery } from '@tanstack/react-query';

import { humanSize } from '@web/features/chat';
import { type TKey, useTranslation } from '@web/lib/i18n';

import { fetchOverview, type Overview } from '../api/manage-api';
import { ConsoleScreen } from './console-ui';
import { DayChart } from './day-chart';

const CARDS: { key: Exclude<keyof Overview, 'days'>; label: TKey; bytes?: boolean }[] = [
  { key: 'users', label: 'manage.overview.users' },
  { key: 'disabled', label: 'manage.overview.disabled' },
  { key: 'groups', label: 'manage.overview.groups' },
  { key: 'files', label: 'manage.overview.files' },
  { key: 'storage', label: 'manage.overview.storage', bytes: true },
  { key: 'online', label: 'manage.overview.online' },
  { key: 'messages', label: 'manage.overview.messages' },
];

export function OverviewScreen() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({ queryKey: ['manage', 'overview'], queryFn: fetchOverview, refetchInterval: 30_000 });
  return (
    <ConsoleScreen title={t('manage.nav.overview')}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-lg border border-neutral-200 bg-white p-4">
            <dt className="text-[13px] text-neutral-600">{t(card.label)}</dt>
            <dd className="mt-1 text-[26px] font-semibold text-neutral-900 tabular-nums">
              {data ? (card.bytes ? humanSize(data[card.key]) : data[card.key].toLocaleString(i18n.language)) : '…'}
            </dd>
          </div>
        ))}
      </dl>
      {data && <DayChart days={data.days} />}
    </ConsoleScreen>
  );
}
