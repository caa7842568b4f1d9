// Small factories for the chat tests: a state, a contact, a message, and pushed frames. Frames
// are parsed with the protocol's own schema, so a test can only push what the server could.
import * as v from 'valibot';

import {
  type EventData,
  type FrameOf,
  type MessageEvent,
  ServerFrameSchema,
  type ServerFrameType,
} from '@protocol/frames';
import type { ChatSummary, ContactCard } from '@protocol/responses';
import type { WireMessage } from '@protocol/wire';

import type { ChatMessage, ChatState, Contact } from '../../web/src/features/chat/types';

export const ME = 7;
export const PEER = 8;

export function chatState(patch: Partial<ChatState> = {}): ChatState {
  return { me: ME, contacts: [], contactsLoaded: true, threads: {}, openContact: null, socket: 'open', ...patch };
}

export function contact(id: number | string, patch: Partial<Contact> = {}): Contact {
  return {
    id,
    displayName: `User ${id}`,
    avatar: '',
    account: `1380000${id}`,
    is_group: String(id).startsWith('group-') ? 1 : 0,
    is_online: 0,
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: 'hello',
    lastSendTime: 1_000,
    type: 'text',
    ...patch,
  };
}

let counter = 0;

/** A message as the socket pushes it to ME; `from` is the sender's user id. */
export function message(from: number = PEER, patch: Partial<ChatMessage> = {}): ChatMessage {
  counter += 1;
  const peer = from === ME ? 12 : from;
  return {
    id: `msg-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    msg_id: counter,
    seq: counter,
    type: 'text',
    content: `text ${counter}`,
    extends: null,
    pid: 0,
    sendTime: 10_000 + counter,
    from_user: from,
    fromUser: { id: from, user_id: from, realname: `User ${from}`, displayName: `User ${from}`, avatar: '' },
    is_undo: 0,
    file: null,
    status: 'succeed',
    // Single-chat pushes carry the sender as toContactId and the original target as toUser.
    toContactId: from,
    toUser: from === ME ? peer : ME,
    is_group: 0,
    is_read: 0,
    ...patch,
  } as ChatMessage;
}

let frameSeq = 0;

/** A pushed frame, checked against the protocol (throws when `data` is not what the server sends). */
export function frame<T extends ServerFrameType>(type: T, data?: unknown, seq = ++frameSeq): FrameOf<T> {
  const raw =
    type === 'init'
      ? { type, client_id: 'client', seq }
      : type === 'resync'
        ? { type, seq }
        : { type, time: 1, seq, data };
  return v.parse(ServerFrameSchema, raw) as FrameOf<T>;
}

/** A message as the socket pushes it: the message, the chat's unread count after it, maybe the contact's card. */
export function pushed(m: ChatMessage, unread = 1, contactInfo?: MessageEvent['contactInfo']): MessageEvent {
  const { localUrl: _url, progress: _progress, ...rest } = m;
  return { ...rest, status: 'succeed', unread, ...(contactInfo ? { contactInfo } : {}) };
}

/** The recall of `m` as its receivers get it. */
export function recall(
  m: Pick<ChatMessage, 'id' | 'msg_id' | 'from_user' | 'sendTime'>,
  contactId: number | string,
): EventData<'undoMessage'> {
  return {
    id: m.id,
    msg_id: m.msg_id,
    from_user: m.from_user,
    sendTime: m.sendTime,
    type: 'event',
    is_undo: 1,
    toContactId: contactId,
    toUser: ME,
    contactId,
  };
}

/** A person with live presence, as getContactInfo answers. */
export function card(id: number, patch: Partial<ContactCard> = {}): ContactCard {
  return {
    id,
    user_id: id,
    realname: `User ${id}`,
    displayName: `User ${id}`,
    avatar: '',
    motto: '',
    index: 'U',
    is_group: 0,
    is_online: 0,
    last_seen: 0,
    ...patch,
  };
}

/** A getContacts row: the person and my chat with them. */
export function summary(id: number, patch: Partial<ChatSummary> = {}): ChatSummary {
  return {
    ...card(id),
    account: `1380000${id}`,
    setting: [],
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: 'hello',
    lastContentUndo: 0,
    lastSendTime: 1_000,
    lastFrom: 0,
    type: 'text',
    ...patch,
  };
}

/** A message as the server answers it (history, send, upload). */
export function wire(m: ChatMessage): WireMessage {
  const { localUrl: _url, progress: _progress, ...rest } = m;
  return { ...rest, status: 'succeed' };
}
