// One member's row of a conversation on their chat list, worked out by the conversation's hub
//: the last message they may see, their unread count and the newest message that
// mentions them. Members' hubs keep no copy of it, so a message is written once, in this hub,
// whatever the group's size; getContacts asks each chat's hub (user/chat-states.ts).
import * as v from 'valibot';

import { type SystemLine, SystemLineSchema } from '../../protocol/groups';
import { isAnnouncementExt, mentions } from '../../protocol/message-rules';
import type { StoredMessage } from '../../protocol/messages';
import { UNDO_MODERATED } from '../../protocol/responses';
import { previewOf } from '../../services/message-handling';
import type { ChatState, HubEvent } from '../contract';
import type { ConversationStore } from './store';
import { type Sight, visibility } from './visibility';

/** How far back a chat list looks for a mention among unread messages. */
const MENTION_SCAN = 500;

/**
 * `member`'s row: `sight` is what they may see (conversation/visibility.ts). `leaving`: the row a member who
 * is leaving keeps (the group's line that says so is its last message, nothing unread); their
 * hub stores it with the chat, as nobody asks the group for it again.
 */
export function chatStateOf(
  store: ConversationStore,
  member: number,
  sight: NonNullable<Sight>,
  isGroup: boolean,
  leaving = false,
): ChatState {
  const last = store.newest();
  const shown = last ? visibility(sight, last) : 'im.exist';
  const lastSeq = store.lastSeq();
  const read = leaving ? lastSeq : store.readSeq(member);
  const message = shown === 'shown' || shown === 'recalled' ? last : null;
  return {
    last_seq: lastSeq,
    read_seq: read,
    unread: leaving ? 0 : store.marks.unreadAt(member, lastSeq),
    last_content: message ? previewOf(message) : '',
    last_type: message ? message.type : '',
    last_send_time: message ? message.sendTime : 0,
    last_from: message ? message.from_user : 0,
    last_undo: message?.is_undo ? (message.extends?.moderated ? UNDO_MODERATED : 1) : 0,
    at_seq: isGroup && !leaving ? newestMention(store, member, read) : 0,
    last_system: message && isGroup ? systemRecord(message) : '',
  };
}

function newestMention(store: ConversationStore, member: number, read: number): number {
  for (const m of store.newestWithMentions(read, MENTION_SCAN)) if (mentions(m.extends, member)) return m.seq;
  return 0;
}

/** A group's system line as stored on its chat row, or the announcement's 'notice' record; '' for any other message. */
export function systemRecord(message: Pick<StoredMessage, 'extends' | 'fromUser'>): string {
  const parsed = v.safeParse(SystemLineSchema, message.extends?.system);
  if (parsed.success) return JSON.stringify(parsed.output);
  if (!isAnnouncementExt(message.extends)) return '';
  const notice: SystemLine = {
    kind: 'notice',
    actor: { id: message.fromUser.id, name: message.fromUser.displayName },
    targets: [],
  };
  return JSON.stringify(notice);
}

/** A member's copy of a message or a pruning carries their unread count. */
export function withUnread(store: ConversationStore, user: number, event: HubEvent): HubEvent {
  if (event.kind !== 'message' && event.kind !== 'pruned') return event;
  const seq = event.kind === 'message' ? event.message.seq : store.lastSeq();
  return { ...event, unread: store.marks.unreadAt(user, seq) };
}
