// How a UserHub applies one delivered conversation event to the user's chat list and which
// frames it pushes. Runs inside the hub's storage transaction. Each event comes at least once:
// messages are recognised by the chat's seq watermark, other events by their key.
import * as v from 'valibot';

import type { Outgoing } from '../../protocol/frames';
import { type SystemLine, SystemLineSchema } from '../../protocol/groups';
import { isAnnouncementExt, mentions } from '../../protocol/message-rules';
import { contactFor, isGroupContact } from '../../services/conversations';
import { contactForWire, undoPayload, wireMessage } from '../../services/event-view';
import { previewOf, unreadCount } from '../../services/message-handling';
import type { HubEvent } from '../hub-events';
import type { ChatList, ChatRow } from './chat-list';

export function applyHubEvent(store: ChatList, uid: number, event: HubEvent): Outgoing[] {
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
    // A group's system line is not unread (spec §4): it moves the read mark along when everything
    // before it was read; after unread messages it is counted in `skipped`, which the count leaves out.
    const system = systemLineJson(message.extends);
    const systemRead = system !== '' && chat.read_seq >= chat.last_seq;
    const readSeq = mine || systemRead ? Math.max(chat.read_seq, message.seq) : chat.read_seq;
    const skipped = readSeq >= message.seq ? 0 : chat.skipped + (system !== '' ? 1 : 0);
    store.update(contact, {
      last_content: previewOf(message),
      last_type: message.type,
      last_send_time: message.sendTime,
      last_from: message.from_user,
      last_undo: 0,
      last_seq: message.seq,
      read_seq: readSeq,
      hidden: 0,
      // "[@ me]" until read: the newest message that mentions me (or everyone).
      at_seq: isGroup && !mine && mentions(message.extends, uid) ? message.seq : chat.at_seq,
      skipped,
      // The announcement keeps a 'notice' record so the list shows it as the announcement; it stays unread as any text.
      last_system:
        system || (isGroup && isAnnouncementExt(message.extends) ? JSON.stringify(noticeLine(message.fromUser)) : ''),
    });
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
    const data = { ...wireMessage(message, uid), contactInfo, unread: unreadCount(message.seq, readSeq + skipped) };
    return [isGroup ? { type: 'group', data } : { type: 'simple', data }];
  }

  if (event.kind === 'undo') {
    if (chat.last_seq === event.message.seq) store.update(contact, { last_content: '', last_undo: 1 });
    return [{ type: 'undoMessage', data: undoPayload(event.message, uid) }];
  }

  if (event.kind === 'groupEvent') {
    // A newcomer (again) has nothing unread: what was sent while they were out never reached them.
    if (event.chat === 'add') store.update(contact, { hidden: 0, read_seq: chat.last_seq, skipped: 0, gone: '' });
    // Out of the group: the chat stays on the list, read-only, saying why, until I delete it (delChat).
    if (event.chat === 'remove') {
      const reason = event.frame.type === 'removeGroup' ? event.frame.data.reason : undefined;
      store.update(contact, { gone: reason ?? 'removed', read_seq: chat.last_seq, skipped: 0, at_seq: 0 });
    }
    // A cleared history: nothing unread, nothing to preview; the row keeps its place in the list.
    if (event.frame.type === 'clearMessage') {
      store.update(contact, {
        read_seq: chat.last_seq,
        skipped: 0,
        at_seq: 0,
        last_content: '',
        last_type: '',
        last_from: 0,
        last_undo: 0,
        last_system: '',
      });
    }
    return [event.frame];
  }

  if (event.kind === 'pruned') {
    const readSeq = Math.max(chat.read_seq, Math.min(event.throughSeq, chat.last_seq));
    if (readSeq === chat.read_seq) return [];
    const skipped = readSeq >= chat.last_seq ? 0 : chat.skipped;
    store.update(contact, { read_seq: readSeq, skipped });
    return [{ type: 'setUnread', data: { id: contactId, unread: unreadCount(chat.last_seq, readSeq + skipped) } }];
  }

  // A read watermark: mine clears my badge on every device; a peer's marks my messages read.
  if (event.reader === uid) {
    const readSeq = Math.max(chat.read_seq, event.readSeq);
    store.update(contact, { read_seq: readSeq, skipped: readSeq >= chat.last_seq ? 0 : chat.skipped });
    return [{ type: 'readAll', data: { toContactId: contactId, reader: uid, seq: event.readSeq, unread: 0 } }];
  }
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

export function chatView(row: ChatRow) {
  const atMe = row.at_seq > row.read_seq;
  return {
    ...row,
    unread: unreadCount(row.last_seq, row.read_seq + row.skipped),
    is_at: atMe ? 1 : 0,
    at_msg_id: atMe ? row.at_seq : 0,
    last_system: parseSystemLine(row.last_system),
  };
}

const noticeLine = (from: { id: number; displayName: string }): SystemLine => ({
  kind: 'notice',
  actor: { id: from.id, name: from.displayName },
  targets: [],
});

/** A group system line's record as stored on the chat row ('' for any other message). */
function systemLineJson(extended: Record<string, unknown> | null): string {
  const parsed = v.safeParse(SystemLineSchema, extended?.system);
  return parsed.success ? JSON.stringify(parsed.output) : '';
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
