// How a member's mute reads: until when, and how long is left, in the reader's language.
import type { TFunction } from '@web/lib/i18n';
import { formatMuteEnd } from '@web/utils/mute-end';

/**
 * Seconds not counted in the time left. The end was stamped by the server's clock a moment ago and
 * `nowS` may be up to 30 s stale (use-now) or a little behind it, so counting up from the raw
 * difference showed a fresh 10-minute mute as 11 minutes and a 1-day one as 2 days. Under a minute
 * (the smallest unit shown), so an exact 10 minutes still reads 10.
 */
const SLACK_S = 45;

export function muteLeftText(until: number, nowS: number, t: TFunction): string {
  const left = until - nowS;
  const count = (unit: number) => Math.max(1, Math.ceil((left - SLACK_S) / unit));
  // The unit too is picked with the slack: an hour's mute read a second later is still "1 hour", not "60 minutes".
  if (left >= 86400 - SLACK_S) return t('groups.left.days', { count: count(86400) });
  if (left >= 3600 - SLACK_S) return t('groups.left.hours', { count: count(3600) });
  return t('groups.left.minutes', { count: count(60) });
}

export function muteUntilText(until: number, nowS: number, t: TFunction): string {
  return t('groups.members.mutedUntil', {
    time: formatMuteEnd(until, new Date(nowS * 1000)),
    left: muteLeftText(until, nowS, t),
  });
}
