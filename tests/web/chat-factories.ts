// Small factories for the chat tests: a state, a contact and a message.
import type { ChatMessage, ChatState, Contact } from '../../web/src/features/chat/types';

export const ME = 7;
export const PEER = 8;

export function chatState(patch: Partial<ChatState> = {}): ChatState {
  return { me: ME, contacts: [], contactsLoaded: true, threads: {}, openContact: null, socket: 'open', lastEventSeq: 0, ...patch };
}

export function contact(id: number | string, patch: Partial<Contact> = {}): Contact {
  return {
    id, displayName: `User ${id}`, avatar: '', account: `1380000${id}`, index: 'U', is_group: String(id).startsWith('group-') ? 1 : 0, is_online: 0, is_top: 0, is_notice: 1,
    unread: 0, lastContent: 'hello', lastSendTime: 1_000, type: 'text', ...patch,
  };
}

let counter = 0;

/** A message as the socket pushes it to ME; `from` is the sender's user id. */
export function message(from: number = PEER, patch: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  const peer = from === ME ? 12 : from;
  return {
    id: `msg-${counter}-${Math.random().toString(36).slice(2, 8)}`, msg_id: counter, seq: counter, conversation: undefined as never,
    type: 'text', content: `text ${counter}`, extends: null, pid: 0, sendTime: 10_000 + counter, from_user: from,
    fromUser: { id: from, user_id: from, realname: `User ${from}`, displayName: `User ${from}`, avatar: '' },
    is_undo: 0, file: null, status: 'succeed',
    // Single-chat pushes carry the sender as toContactId and the original target as toUser.
    toContactId: from, toUser: from === ME ? peer : ME, is_group: 0, is_read: 0, ...patch,
  } as ChatMessage;
}
