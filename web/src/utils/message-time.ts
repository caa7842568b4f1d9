// Relative time shown on a message: just now, minutes, hours (same day), yesterday,
// days up to 30, then the date.
import type { TFunction } from '../lib/i18n';
import { calendarDaysBetween, formatDate } from './calendar';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
export const MAX_RELATIVE_DAYS = 30;

export type MessageTime =
  | { kind: 'justNow' }
  | { kind: 'minutesAgo'; count: number }
  | { kind: 'hoursAgo'; count: number }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; count: number }
  | { kind: 'date'; date: string };

export function describeMessageTime(sentAt: Date, now: Date): MessageTime {
  const elapsed = now.getTime() - sentAt.getTime();
  // A clock slightly ahead of ours must not read as "in the future".
  if (elapsed < MINUTE_MS) return { kind: 'justNow' };
  if (elapsed < HOUR_MS) return { kind: 'minutesAgo', count: Math.floor(elapsed / MINUTE_MS) };
  const days = calendarDaysBetween(sentAt, now);
  if (days === 0) return { kind: 'hoursAgo', count: Math.floor(elapsed / HOUR_MS) };
  if (days === 1) return { kind: 'yesterday' };
  if (days <= MAX_RELATIVE_DAYS) return { kind: 'daysAgo', count: days };
  return { kind: 'date', date: formatDate(sentAt) };
}

export function formatMessageTime(sentAt: Date, now: Date, t: TFunction): string {
  const time = describeMessageTime(sentAt, now);
  switch (time.kind) {
    case 'justNow':
      return t('time.justNow');
    case 'minutesAgo':
      return t('time.minutesAgo', { count: time.count });
    case 'hoursAgo':
      return t('time.hoursAgo', { count: time.count });
    case 'yesterday':
      return t('time.yesterday');
    case 'daysAgo':
      return t('time.daysAgo', { count: time.count });
    case 'date':
      return time.date;
  }
}
