// How a UserHub applies one delivered conversation event to the user's chat list and which
// frames it pushes. Runs inside the hub's storage transaction. Each event comes at least once:
// messages are recognised by the chat's seq watermark, other events by their key.
import { unreadCount, previewOf } from '../services/message-rules';
import { contactFor, isGroupContact } from '../services/conversations';
import { contactForWire, undoPayload, wireMessage } from '../services/event-view';
import type { Outgoing } from '../protocol/frames';
import type { HubEvent } from './hub-events';
import { mentions } from '../protocol/message-rules';
import type { UserStore } from './user-store';

export function applyHubEvent(store: UserStore, uid: number, event: HubEvent): Outgoing[] {
  if (event.kind === 'projection') return [];
  if (event.kind !== 'message' && !store.firstDelivery(event.key)) return [];
  const contact = contactFor(uid, event.conversation);
  const isGroup = isGroupContact(event.conversation) ? 1 : 0;
  const chat = store.ensureChat(contact, event.conversation, isGroup);
  const contactId = contactForWire(uid, event.conversation);

  if (event.kind === 'message') {
    const { message } = event;
    // A conversation delivers its messages in seq order, so one at or below the chat's last seq
    // is a redelivery (after the conversation's hub was evicted) and was applied already.
    if (message.seq <= chat.last_seq) return [];
    const mine = message.from_user === uid;
    // A group's system line (type 'event') is not unread: it moves the read mark along when
    // everything before it was read (a watermark cannot skip one message in the middle).
    const systemRead = message.type === 'event' && chat.read_seq >= chat.last_seq;
    const readSeq = mine || systemRead ? Math.max(chat.read_seq, message.seq) : chat.read_seq;
    store.update(contact, {
      last_content: previewOf(message), last_type: message.type, last_send_time: message.sendTime, last_from: message.from_user, last_undo: 0,
      last_seq: message.seq,
      read_seq: readSeq,
      hidden: 0,
      // "[@ me]" until read: the newest message that mentions me (or everyone).
      at_seq: isGroup && !mine && mentions(message.extends, uid) ? message.seq : chat.at_seq,
    });
    const contactInfo = mine
      ? undefined
      : isGroup
        ? { id: contactId, displayName: event.chatName ?? message.fromUser.displayName, avatar: '', is_group: isGroup }
        : { id: contactId, displayName: message.fromUser.displayName, avatar: message.fromUser.avatar, is_group: isGroup };
    const data = { ...wireMessage(message, uid), contactInfo, unread: unreadCount(message.seq, readSeq) };
    return [isGroup ? { type: 'group', data } : { type: 'simple', data }];
  }

  if (event.kind === 'undo') {
    if (chat.last_seq === event.message.seq) store.update(contact, { last_content: '', last_undo: 1 });
    return [{ type: 'undoMessage', data: undoPayload(event.message, uid) }];
  }

  if (event.kind === 'groupEvent') {
    if (event.chat) store.update(contact, { hidden: event.chat === 'remove' ? 1 : 0 });
    return [event.frame];
  }

  if (event.kind === 'pruned') {
    const readSeq = Math.max(chat.read_seq, Math.min(event.throughSeq, chat.last_seq));
    if (readSeq === chat.read_seq) return [];
    store.update(contact, { read_seq: readSeq });
    return [{ type: 'setUnread', data: { id: contactId, unread: unreadCount(chat.last_seq, readSeq) } }];
  }

  // A read watermark: mine clears my badge on every device; a peer's marks my messages read.
  if (event.reader === uid) {
    store.update(contact, { read_seq: Math.max(chat.read_seq, event.readSeq) });
    return [{ type: 'readAll', data: { toContactId: contactId, reader: uid, seq: event.readSeq, unread: 0 } }];
  }
  // In a group only the author of the newest message read hears of it, with how many have read it.
  if (event.kind === 'groupRead') return [{ type: 'readAll', data: { toContactId: contactId, reader: event.reader, seq: event.readSeq, readers: event.readers } }];
  return [
    { type: 'isRead', data: { toContactId: contactId, reader: event.reader, seq: event.readSeq, ids: event.ids } },
    { type: 'readAll', data: { toContactId: contactId, reader: event.reader, seq: event.readSeq } },
  ];
}

export function chatView(row: ReturnType<UserStore['chats']>[number]) {
  const atMe = row.at_seq > row.read_seq;
  return { ...row, unread: unreadCount(row.last_seq, row.read_seq), is_at: atMe ? 1 : 0, at_msg_id: atMe ? row.at_seq : 0 };
}
