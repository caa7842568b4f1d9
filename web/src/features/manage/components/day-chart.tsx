// The overview's messages per day: one bar a UTC day, scaled to the busiest day,
// whose count labels the top of the chart. The bars are drawn for the eye only; screen readers get
// a summary and the same numbers as a table. Days without any message show only the summary.
import { useId } from 'react';

import { useTranslation } from '@web/lib/i18n';

import type { DayCount } from '../api/manage-api';

export function DayChart({ days }: { days: DayCount[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  // The days are UTC days, so they are named in UTC whatever the operator's zone.
  const format = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dateOf = (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  const max = Math.max(0, ...days.map((d) => d.messages));
  const total = days.reduce((sum, d) => sum + d.messages, 0);
  if (days.length === 0) return null;
  const first = dateOf(days[0]!.day);
  const last = dateOf(days.at(-1)!.day);
  return (
    <section aria-labelledby={headingId} className="relative mt-3 rounded-lg border border-neutral-200 bg-white p-4">
      <h2 id={headingId} className="text-[15px] font-semibold text-neutral-900">
        {t('manage.overview.perDay')}
      </h2>
      <p className="mt-0.5 text-[13px] text-neutral-600">
        {total === 0
          ? t('manage.overview.perDayNone', { days: days.length, first, last })
          : t('manage.overview.perDaySummary', { days: days.length, count: total, max, first, last })}
      </p>
      {/* No messages: no bars and no 0-to-0 axis, the line above says so. */}
      {total > 0 && (
        <div aria-hidden="true" className="mt-3 grid grid-cols-[auto_1fr] gap-x-2 gap-y-1">
          <div className="flex h-32 flex-col justify-between text-right text-[12px] text-neutral-500 tabular-nums">
            <span title={t('manage.overview.perDayMax')}>{max.toLocaleString(i18n.language)}</span>
            <span>0</span>
          </div>
          <div className="flex h-32 items-end gap-px border-y border-dashed border-t-neutral-200 border-b-neutral-300">
            {days.map((d) => (
              <div
                key={d.day}
                title={t('manage.overview.perDayBar', { date: dateOf(d.day), count: d.messages })}
                className="flex h-full min-w-0 flex-1 items-end"
              >
                <div
                  className="w-full rounded-t-sm bg-brand"
                  style={{ height: max > 0 ? `${(d.messages / max) * 100}%` : 0, minHeight: d.messages > 0 ? 2 : 0 }}
                />
              </div>
            ))}
          </div>
          <span />
          <div className="flex justify-between text-[12px] text-neutral-500">
            <span>{first}</span>
            <span>{last}</span>
          </div>
        </div>
      )}
      {/* A table ignores sr-only's 1 px box and stretched the page by its rows' height: the hidden box
          is a div that clips it. */}
      <div className="sr-only">
        <table>
          <caption>{t('manage.overview.perDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manage.overview.perDayDate')}</th>
              <th scope="col">{t('manage.overview.messages')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dateOf(d.day)}</th>
                <td>{d.messages}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
