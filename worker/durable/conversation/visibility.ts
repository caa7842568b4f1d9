// The one rule for what a conversation shows one person (docs/security.md). Every path of the
// ConversationHub that reveals a message or the file it carries asks it: history and search, a
// forward's source, a quote, a recall, a download and a call record. Below a member's floor a
// message answers exactly as a missing one, so no path tells the two apart.
import type { GroupSetting } from '../../protocol/groups';
import type { StoredMessage } from '../../protocol/messages';
import { CLEARED } from './rows';

/**
 * What a member may see: messages sent at or after `floor` (ms). Someone who left a group, was removed
 * or saw it dissolved keeps, read-only, what they could see then: up to `untilSeq`, the last line
 * (theirs saying why) included. Null for anyone else.
 */
export type Sight = { floor: number; untilSeq?: number } | null;

/**
 * The floor of a member: in a group without `setting.history`, the time they joined (again);
 * everywhere else 0, all of it. `joinTime` is 0 for a member who was there from the start.
 */
export function floorOf(isGroup: boolean, setting: GroupSetting | undefined, joinTime: number): number {
  return isGroup && setting?.history !== 1 ? joinTime : 0;
}

/**
 * How a message stands for a viewer: 'shown' with its content, 'recalled' (history lists its
 * placeholder, nothing else of it), or the refusal any path gives: im.notMember for a non-member,
 * im.exist for a message that is missing, a cleared history's placeholder, or below the floor.
 */
export function visibility(
  sight: Sight,
  message: Pick<StoredMessage, 'sendTime' | 'is_undo' | 'seq'> | null,
): 'shown' | 'recalled' | 'im.notMember' | 'im.exist' {
  if (!sight) return 'im.notMember';
  if (!message || message.is_undo >= CLEARED || message.sendTime < sight.floor) return 'im.exist';
  if (sight.untilSeq !== undefined && message.seq > sight.untilSeq) return 'im.exist';
  return message.is_undo ? 'recalled' : 'shown';
}

/** Where a page of history starts (below that seq): for a former member, never past their last line. */
export function pageStart(beforeSeq: number | null, sight: NonNullable<Sight>): number | null {
  if (sight.untilSeq === undefined) return beforeSeq;
  return Math.min(beforeSeq ?? Infinity, sight.untilSeq + 1);
}

/** A single message's content for a path that reveals it; a recalled message has none left, so it is missing too. */
export function revealed<M extends Pick<StoredMessage, 'sendTime' | 'is_undo' | 'seq'>>(
  sight: Sight,
  message: M | null,
): { ok: true; value: M } | { ok: false; key: 'im.notMember' | 'im.exist' } {
  const seen = visibility(sight, message);
  if (seen === 'shown') return { ok: true, value: message! };
  return { ok: false, key: seen === 'im.notMember' ? seen : 'im.exist' };
}
