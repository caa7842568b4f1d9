// How a member's mute reads: until when, and how long is left, in the reader's language.
import { currentLanguage, type TFunction } from '../../../lib/i18n';

export function muteUntilText(until: number, nowS: number, t: TFunction): string {
  const time = new Intl.DateTimeFormat(currentLanguage(), { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(until * 1000);
  const left = until - nowS;
  const remaining = left >= 86400 ? t('groups.left.days', { count: Math.ceil(left / 86400) })
    : left >= 3600 ? t('groups.left.hours', { count: Math.ceil(left / 3600) })
    : t('groups.left.minutes', { count: Math.max(1, Math.ceil(left / 60)) });
  return t('groups.members.mutedUntil', { time, left: remaining });
}
