// Small factories for thread and composer tests: one message or contact with sensible defaults.
import type { ChatMessage, Contact } from '../../web/src/features/chat/types';

export const ME = 7;
export const PEER = 8;

let counter = 0;

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  const from = overrides.fromUser?.id ?? overrides.from_user ?? PEER;
  return {
    msg_id: counter, seq: counter, id: `msg-${counter}-abcdef`, type: 'text', content: 'hello', extends: null, pid: 0,
    sendTime: Date.now(), from_user: from, fromUser: { id: from, user_id: from, realname: from === ME ? 'Alice' : 'Bob', displayName: from === ME ? 'Alice' : 'Bob', avatar: '' },
    is_undo: 0, file: null, status: 'succeed', toContactId: String(PEER), toUser: String(PEER), is_group: 0, is_read: 0,
    ...overrides,
  };
}

export function makeContact(id: number | string, displayName: string, overrides: Partial<Contact> = {}): Contact {
  return { id, displayName, avatar: '', is_group: String(id).startsWith('group-') ? 1 : 0, is_online: 1, is_top: 0, is_notice: 1, unread: 0, lastContent: '', lastSendTime: 0, ...overrides };
}
