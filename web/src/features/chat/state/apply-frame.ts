// Pure: how one pushed socket frame changes the chat state, plus the side effects the store
// must run (mark a chat read, reload the list, log out, play the new-message sound).
import { isMessageEvent, type FrameOf, type MessageEvent } from '../../../../../worker/protocol/frames';
import { keyOf, type ChatState, type Contact } from '../types';
import { CLEARED_CHAT, contactKeyOf, forgetHistory, thread, updateMessage, withContact, withThread, mergeMessages } from './thread-ops';

export type Effect =
  | { kind: 'markRead'; contact: string }
  | { kind: 'reloadContacts' }
  /** The loaded history cannot be trusted any more: reload the chat on screen from the server. */
  | { kind: 'reloadOpenThread' }
  | { kind: 'loggedInElsewhere' }
  | { kind: 'notify'; contact: string };

/** The frames the chat store subscribes to; the socket parsed each against the protocol already. */
export const CHAT_FRAME_TYPES = [
  'simple', 'group', 'undoMessage', 'isRead', 'readAll', 'setUnread', 'setChatTop', 'setIsNotice', 'delChat', 'isOnline',
  'appendContact', 'resync', 'offline',
] as const;
export type ChatFrame = FrameOf<(typeof CHAT_FRAME_TYPES)[number]>;

export function applyFrame(next: ChatState, frame: ChatFrame, device: { clientId: string; isMobile: boolean; multipleLogin: boolean }): { state: ChatState; effects: Effect[] } {
  switch (frame.type) {
    case 'simple':
      // A friend request for the 'system' inbox is the contacts feature's (it counts the badge).
      return isMessageEvent(frame.data) ? receiveMessage(next, frame.data) : { state: next, effects: [] };
    case 'group':
      return receiveMessage(next, frame.data);
    case 'undoMessage': {
      const d = frame.data;
      const key = keyOf(d.contactId);
      let s = withThread(next, key, (t) => updateMessage(t, d.id, { is_undo: 1, type: 'event', content: '' }));
      // Without a loaded thread the chat list still knows its last message by time and author.
      const last = thread(s, key).messages.at(-1);
      const contact = s.contacts.find((c) => keyOf(c.id) === key);
      const wasLast = last ? last.id === d.id : !!contact && contact.lastSendTime === d.sendTime && (contact.lastFrom ?? d.from_user) === d.from_user;
      if (wasLast) s = withContact(s, key, { lastContent: '', lastContentUndo: 1, lastFrom: d.from_user });
      return { state: s, effects: [] };
    }
    case 'isRead':
    case 'readAll': {
      const d = frame.data;
      const key = keyOf(d.toContactId);
      if (d.reader === next.me) return { state: withContact(next, key, { unread: 0 }), effects: [] };
      return { state: withThread(next, key, (t) => ({ ...t, peerReadSeq: Math.max(t.peerReadSeq, d.seq) })), effects: [] };
    }
    case 'setUnread':
      // Retention deleted messages this user had not read: the chat's badge counts what is left.
      return { state: withContact(next, keyOf(frame.data.id), { unread: Math.max(0, frame.data.unread) }), effects: [] };
    case 'setChatTop':
      return { state: withContact(next, keyOf(frame.data.id), { is_top: frame.data.is_top ?? 0 }), effects: [] };
    case 'setIsNotice':
      return { state: withContact(next, keyOf(frame.data.id), { is_notice: frame.data.is_notice ?? 1 }), effects: [] };
    case 'delChat':
      return { state: withContact(next, keyOf(frame.data.id), CLEARED_CHAT), effects: [] };
    case 'isOnline':
      // Going offline is the moment they were last seen: the frame's time (unix seconds).
      return { state: withContact(next, keyOf(frame.data.id), { is_online: frame.data.is_online, last_seen: frame.data.is_online ? 0 : frame.time }), effects: [] };
    case 'appendContact':
      return { state: next, effects: [{ kind: 'reloadContacts' }] };
    case 'resync':
      // Too much was missed to replay (a long sleep, a busy group): what is loaded may lack
      // messages, recalls and reads. Forget it, keeping only what still waits to be sent.
      return { state: forgetHistory(next), effects: [{ kind: 'reloadContacts' }, { kind: 'reloadOpenThread' }] };
    case 'offline': {
      // Spec §4: another mobile login of this account signs this mobile session out.
      const d = frame.data;
      const kicked = d.id === next.me && d.client_id !== device.clientId && d.isMobile && device.isMobile && !device.multipleLogin;
      return { state: next, effects: kicked ? [{ kind: 'loggedInElsewhere' }] : [] };
    }
  }
}

function receiveMessage(state: ChatState, m: MessageEvent): { state: ChatState; effects: Effect[] } {
  const key = contactKeyOf(m, state.me);
  const mine = m.fromUser.id === state.me;
  const open = state.openContact === key;
  const { contactInfo, unread, ...message } = m;
  let s = withThread(state, key, (t) => (t.loaded || mine ? mergeMessages(t, [{ ...message, status: 'succeed' }]) : t));
  const existing = s.contacts.find((c) => keyOf(c.id) === key);
  const unreadNow = mine || open ? 0 : unread;
  const created: Contact = {
    id: contactInfo?.id ?? (m.is_group ? m.toContactId : Number(key)), displayName: contactInfo?.displayName ?? m.fromUser.displayName,
    avatar: contactInfo?.avatar ?? '', is_group: m.is_group, is_online: 1, is_top: 0, is_notice: 1, unread: 0, lastContent: '', lastSendTime: 0,
  };
  s = withContact(s, key, { lastContent: m.content, lastContentUndo: 0, lastSendTime: m.sendTime, lastFrom: m.fromUser.id, type: m.type, unread: unreadNow }, created);
  const effects: Effect[] = [];
  if (!existing && !contactInfo) effects.push({ kind: 'reloadContacts' });
  if (open && !mine) effects.push({ kind: 'markRead', contact: key });
  if (!mine && !open && (existing?.is_notice ?? 1)) effects.push({ kind: 'notify', contact: key });
  return { state: s, effects };
}
