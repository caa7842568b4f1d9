// A group's system line (a message of type 'event' with `extends.system`, worker/protocol/groups.ts)
// worded in the reader's language: the server stores who did what to whom, never the sentence.
import * as v from 'valibot';

import { type SystemLine, SystemLineSchema } from '@protocol/groups';
import type { TFunction } from '@web/lib/i18n';
import { formatMuteEnd } from '@web/utils/mute-end';

/** The system line a message carries, or null for any other message. */
export function systemLineOf(ext: Record<string, unknown> | null | undefined): SystemLine | null {
  const parsed = v.safeParse(SystemLineSchema, ext?.system);
  return parsed.success ? parsed.output : null;
}

/**
 * "You" for me, else the name the server recorded. The actor opens the sentence ("You", "Bạn");
 * a target is an object inside it ("made you an admin", "đặt bạn làm…"), so not capitalised.
 */
const nameFor = (person: { id: number; name: string }, me: number, t: TFunction, as: 'subject' | 'object') =>
  person.id === me ? t(as === 'subject' ? 'groupEvents.you' : 'groupEvents.youObject') : person.name;

export function groupEventText(line: SystemLine, me: number, t: TFunction): string {
  const actor = nameFor(line.actor, me, t, 'subject');
  const targets = line.targets.map((p) => nameFor(p, me, t, 'object')).join(t('groupEvents.separator'));
  switch (line.kind) {
    case 'created':
      return t('groupEvents.created', { actor });
    case 'added':
      return t('groupEvents.added', { actor, targets });
    case 'joined':
      return t('groupEvents.joined', { actor });
    case 'left':
      return t('groupEvents.left', { actor });
    case 'removed':
      return t('groupEvents.removed', { actor, targets });
    case 'admin':
      return t('groupEvents.admin', { actor, targets });
    case 'unadmin':
      return t('groupEvents.unadmin', { actor, targets });
    case 'owner':
      return t('groupEvents.owner', { actor, targets });
    case 'renamed':
      return t('groupEvents.renamed', { actor, name: line.name ?? '' });
    case 'notice':
      return t('groupEvents.notice', { actor });
    case 'muted':
      return t('groupEvents.muted', { actor, targets, until: line.until ? formatMuteEnd(line.until) : '' });
    case 'unmuted':
      return t('groupEvents.unmuted', { actor, targets });
    case 'dissolved':
      return t('groupEvents.dissolved', { actor });
    case 'sendMode':
      return t(`groupEvents.sendMode${line.mode ?? 0}` as 'groupEvents.sendMode0', { actor });
    case 'cleared':
      return t('groupEvents.cleared', { actor });
    case 'friends':
      return t('groupEvents.friends');
  }
}
