// What some of the socket's frames change in the chat state (apply-frame.ts dispatches): a recall, an
// edit, a group's row arriving, a group's history cleared. Pure: the state in, the state out.
import type { FrameOf } from '@protocol/frames';
import { UNDO_MODERATED } from '@protocol/responses';

import { type ChatMessage, type ChatState, type Contact, keyOf } from '../types';
import { thread, updateMessage, withContact, withThread } from './thread-ops';

/** A message recalled by its sender, a manager or an operator: its placeholder, and the chat list's preview when it was the last. */
export function recalled(next: ChatState, d: FrameOf<'undoMessage'>['data']): ChatState {
  const key = keyOf(d.contactId);
  const removed = d.moderated === 1 ? { extends: { moderated: 1 } } : {};
  let s = withThread(next, key, (t) =>
    updateMessage(t, d.id, { is_undo: 1, type: 'event', content: '', reactions: undefined, ...removed }),
  );
  // Without a loaded thread the chat list still knows its last message by time and author.
  const last = thread(s, key).messages.at(-1);
  const contact = s.contacts.find((c) => keyOf(c.id) === key);
  const wasLast = last
    ? last.id === d.id
    : !!contact && contact.lastSendTime === d.sendTime && (contact.lastFrom ?? d.from_user) === d.from_user;
  const undo = d.moderated === 1 ? UNDO_MODERATED : 1;
  if (wasLast) s = withContact(s, key, { lastContent: '', lastContentUndo: undo, lastFrom: d.from_user });
  return s;
}

/**
 * Its sender edited it: the new text, marked edited; quotes of it and the chat list's preview (when
 * it is the chat's last message) follow.
 */
export function edited(next: ChatState, d: FrameOf<'updateMessage'>['data']): ChatState {
  const key = keyOf(d.toContactId);
  const edit = (m: ChatMessage): ChatMessage => {
    if (m.msg_id === d.msg_id && m.id === d.id)
      return { ...m, content: d.content, extends: { ...m.extends, edited: d.edited } };
    const quote = m.extends?.quote as { msg_id?: number } | undefined;
    return quote?.msg_id === d.msg_id
      ? { ...m, extends: { ...m.extends, quote: { ...quote, content: d.content } } }
      : m;
  };
  let s = withThread(next, key, (t) => ({ ...t, messages: t.messages.map(edit) }));
  const last = thread(s, key).messages.at(-1);
  const contact = s.contacts.find((c) => keyOf(c.id) === key);
  const wasLast = last ? last.id === d.id : contact?.lastSendTime === d.sendTime;
  if (wasLast) s = withContact(s, key, { lastContent: d.content });
  return s;
}

/** A group created with me, or I was added (again): its row, ready before its first message. */
export function withGroupCard(next: ChatState, card: FrameOf<'addGroup'>['data']): ChatState {
  const created: Contact = {
    id: card.id,
    displayName: card.displayName,
    avatar: card.avatar,
    is_group: 1,
    is_online: 0,
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: '',
    lastSendTime: card.create_time * 1000,
  };
  return withContact(
    next,
    card.id,
    { displayName: card.displayName, avatar: card.avatar, removed: false, gone: undefined },
    created,
  );
}

/** A group's history cleared: only what is still being sent stays; the row keeps its place with nothing to preview or count. */
export function cleared(next: ChatState, key: string): ChatState {
  const s = next.threads[key]
    ? withThread(next, key, (t) => ({
        ...t,
        messages: t.messages.filter((m) => m.status !== 'succeed'),
        hasMore: false,
      }))
    : next;
  return withContact(s, key, {
    lastContent: '',
    lastContentUndo: 0,
    unread: 0,
    atMe: false,
    at_msg_id: 0,
    lastSystem: null,
    type: undefined,
  });
}
