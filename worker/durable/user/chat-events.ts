// How a UserHub turns one delivered conversation event into the frames it pushes, and what little
// it keeps of it on the chat list. Runs inside the hub's storage transaction. Each event comes at
// least once: messages are recognised by their seq (in memory), other events by their key.
import * as v from 'valibot';

import type { Outgoing } from '../../protocol/frames';
import { type SystemLine, SystemLineSchema } from '../../protocol/groups';
import { contactFor, isGroupContact } from '../../services/conversations';
import { contactForWire, undoPayload, wireMessage } from '../../services/event-view';
import { unreadCount } from '../../services/message-handling';
import type { ChatState } from '../contract';
import type { HubEvent } from '../contract';
import type { ChatList, ChatRow } from './chat-list';

/**
 * A message is a live frame only: the chat's row, unread count and catch-up come from
 * the conversation's hub (conversation/chat-state.ts, user/chat-states.ts), so nothing is written here but a
 * new chat's row, or an unhidden one. `unread` is the receiver's count, added by the sender's hub.
 */
export function messageFrames(store: ChatList, uid: number, event: HubEvent & { kind: 'message' }): Outgoing[] {
  const { message } = event;
  // A conversation delivers in seq order; a redelivery (after its hub was evicted) was pushed already.
  if (!store.firstPush(event.conversation, message.seq)) return [];
  const contact = contactFor(uid, event.conversation);
  const isGroup = isGroupContact(event.conversation) ? 1 : 0;
  const chat = store.ensureChat(contact, event.conversation, isGroup);
  if (chat.hidden) store.update(contact, { hidden: 0 });
  const contactId = contactForWire(uid, event.conversation);
  const mine = message.from_user === uid;
  const contactInfo = mine
    ? undefined
    : isGroup
      ? { id: contactId, displayName: event.chatName ?? message.fromUser.displayName, avatar: '', is_group: isGroup }
      : {
          id: contactId,
          displayName: message.fromUser.displayName,
          avatar: message.fromUser.avatar,
          is_group: isGroup,
        };
  const data = { ...wireMessage(message, uid), contactInfo, unread: mine ? 0 : (event.unread ?? 0) };
  return [isGroup ? { type: 'group', data } : { type: 'simple', data }];
}

/** Every other event: its frames, logged for `sync`; each is applied once, by its key. */
export function applyHubEvent(store: ChatList, uid: number, event: Exclude<HubEvent, { kind: 'message' }>): Outgoing[] {
  if (event.kind === 'projection') return [];
  if (!store.firstDelivery(event.key)) return [];
  const contact = contactFor(uid, event.conversation);
  const isGroup = isGroupContact(event.conversation) ? 1 : 0;
  const chat = store.ensureChat(contact, event.conversation, isGroup);
  const contactId = contactForWire(uid, event.conversation);

  if (event.kind === 'undo') return [{ type: 'undoMessage', data: undoPayload(event.message, uid) }];
  if (event.kind === 'reaction')
    return [
      { type: 'reaction', data: { toContactId: contactId, msg_id: event.message.seq, reactions: event.reactions } },
    ];
  if (event.kind === 'update') {
    const m = event.message;
    const edited = Number(m.extends?.edited ?? 0);
    return [
      {
        type: 'updateMessage',
        data: {
          id: m.id,
          msg_id: m.seq,
          type: 'text',
          content: m.content,
          edited,
          sendTime: m.sendTime,
          toContactId: contactId,
        },
      },
    ];
  }

  if (event.kind === 'groupEvent') {
    if (event.chat === 'add' && (chat.hidden || chat.gone)) store.update(contact, { hidden: 0, gone: '' });
    // Out of the group: the chat stays on the list, read-only, saying why, until I delete it (delChat).
    if (event.chat === 'remove') {
      const reason = event.frame.type === 'removeGroup' ? event.frame.data.reason : undefined;
      const { unread: _unread, ...kept } = event.state ?? { unread: 0 };
      store.update(contact, { ...kept, skipped: 0, gone: reason ?? 'removed' });
    }
    return [event.frame];
  }

  if (event.kind === 'pruned')
    return [{ type: 'setUnread', data: { id: contactId, unread: Math.max(0, event.unread ?? 0) } }];

  // A read watermark: mine clears my badge on every device; a peer's marks my messages read.
  if (event.reader === uid)
    return [{ type: 'readAll', data: { toContactId: contactId, reader: uid, seq: event.readSeq, unread: 0 } }];
  // In a group only the author of the newest message read hears of it, with how many have read it.
  if (event.kind === 'groupRead')
    return [
      {
        type: 'readAll',
        data: { toContactId: contactId, reader: event.reader, seq: event.readSeq, readers: event.readers },
      },
    ];
  return [
    { type: 'isRead', data: { toContactId: contactId, reader: event.reader, seq: event.readSeq, ids: event.ids } },
    { type: 'readAll', data: { toContactId: contactId, reader: event.reader, seq: event.readSeq } },
  ];
}

/** A chat row for getContacts, with `state` from the conversation's hub (the row's own copy when it did not answer, or for a group I left). */
export function chatView(stored: ChatRow, state?: ChatState | null) {
  const row = state ? { ...stored, ...state, skipped: 0 } : stored;
  const atMe = row.at_seq > row.read_seq;
  return {
    ...row,
    unread: state ? state.unread : unreadCount(row.last_seq, row.read_seq + row.skipped),
    is_at: atMe ? 1 : 0,
    at_msg_id: atMe ? row.at_seq : 0,
    last_system: parseSystemLine(row.last_system),
  };
}

function parseSystemLine(json: string): SystemLine | null {
  if (!json) return null;
  try {
    const parsed = v.safeParse(SystemLineSchema, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
