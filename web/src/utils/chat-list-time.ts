// Time shown beside a conversation in the chat list: time of day today, yesterday,
// the weekday within the current Monday-start week, month-day this year, else the full date.
import type { TFunction } from '../lib/i18n';
import { calendarDaysBetween, formatDate, mondayIndex, pad2 } from './calendar';

const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export type ChatListTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'weekday'; weekday: (typeof WEEKDAY_KEYS)[number] }
  | { kind: 'date'; text: string };

export function describeChatListTime(sentAt: Date, now: Date): ChatListTime {
  const days = calendarDaysBetween(sentAt, now);
  if (days === 0) return { kind: 'time', text: `${pad2(sentAt.getHours())}:${pad2(sentAt.getMinutes())}` };
  if (days === 1) return { kind: 'yesterday' };
  // On a Sunday the week began six days ago; a message from last Sunday is 7 days back.
  if (days > 1 && days <= mondayIndex(now)) return { kind: 'weekday', weekday: WEEKDAY_KEYS[mondayIndex(sentAt)]! };
  if (sentAt.getFullYear() === now.getFullYear()) {
    return { kind: 'date', text: `${pad2(sentAt.getMonth() + 1)}-${pad2(sentAt.getDate())}` };
  }
  return { kind: 'date', text: formatDate(sentAt) };
}

export function formatChatListTime(sentAt: Date, now: Date, t: TFunction): string {
  const time = describeChatListTime(sentAt, now);
  switch (time.kind) {
    case 'yesterday':
      return t('time.yesterday');
    case 'weekday':
      return t(`weekday.${time.weekday}`);
    default:
      return time.text;
  }
}
