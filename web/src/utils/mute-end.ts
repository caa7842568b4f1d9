// When a group mute ends, as every screen writes it (the system line, the member list, the
// composer): one format, the reader's language and 24-hour clock, the year only when it is not this one.
import { currentLanguage } from '../lib/i18n';

export function formatMuteEnd(unixSeconds: number, now: Date = new Date()): string {
  const end = new Date(unixSeconds * 1000);
  return new Intl.DateTimeFormat(currentLanguage(), {
    ...(end.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(end);
}
