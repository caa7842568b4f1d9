// What becomes a Web Push for a user without a socket, and what it says: a
// message in a chat that is not muted (a mention of the user, or of everyone, even in a muted
// group), being added to a group, a reaction to the user's message, and a call ringing. Never the
// user's own message or reaction, a recall, a read, another system line. Sending is push-queue.ts's.
import { mentions } from '../../protocol/message-rules';
import { previewText } from '../../protocol/preview-text';
import type { PushLabel, PushNote } from '../../providers/web-push';
import { contactFor, isGroupContact } from '../../services/conversations';
import { contactForWire } from '../../services/event-view';
import type { HubEvent, NotifyMode } from '../contract';
import type { CallRow } from './call/store';
import type { ChatList } from './chat-list';

/** A notification shows a short line; the chat list keeps the longer preview. */
const BODY_MAX = 120;
const LABELED = ['image', 'video', 'file', 'voice', 'emoji'] as const;

/** What a group that parked a member without a socket still sends them as a push (conversation/fanout/parking.ts). */

const chatPath = (contactId: string | number) => `/#/pages/message/chat?id=${contactId}`;

/** Whether a message in `conversation` may notify `uid`: a muted chat only for a mention. */
export function notifyMode(chats: ChatList, uid: number, conversation: string): NotifyMode {
  return chats.chat(contactFor(uid, conversation))?.is_notice === 0 ? 'mentions' : 'all';
}

/** The note for a message `event`, or null (see the header). Called once per message. */
export function messageNote(chats: ChatList, uid: number, event: HubEvent & { kind: 'message' }): PushNote | null {
  const { message, conversation } = event;
  if (message.from_user === uid || message.is_undo) return null;
  if (notifyMode(chats, uid, conversation) === 'mentions' && !mentions(message.extends, uid)) return null;
  const type = message.type;
  const label = (LABELED as readonly string[]).includes(type) ? (`push.${type}` as PushLabel) : null;
  if (!label && type !== 'text') return null;
  const group = isGroupContact(conversation);
  const contactId = contactForWire(uid, conversation);
  return {
    topic: `chat-${contactId}`,
    title: group ? (event.chatName ?? message.fromUser.displayName) : message.fromUser.displayName,
    body: label ? { label } : { text: previewText(message.content, BODY_MAX) },
    ...(group ? { from: message.fromUser.displayName } : {}),
    count: event.unread ?? 1,
    path: chatPath(contactId),
    badge: event.unread ?? 0,
  };
}

/** Someone else added a reaction to the user's own message, in a chat that is not muted. */
export function reactionNote(chats: ChatList, uid: number, event: HubEvent): PushNote | null {
  if (event.kind !== 'reaction' || !event.added || event.message.from_user !== uid || event.added.by === uid)
    return null;
  if (notifyMode(chats, uid, event.conversation) !== 'all') return null;
  const { name, emoji } = event.added;
  const contactId = contactForWire(uid, event.conversation);
  return {
    topic: `react-${contactId}`,
    title: name,
    body: { label: 'push.reaction', params: { name, emoji } },
    count: 1,
    path: chatPath(contactId),
    badge: 0,
  };
}

/** Being added to a group (by someone else): the one system line that notifies. */
export function addedNote(uid: number, event: HubEvent): PushNote | null {
  if (event.kind !== 'groupEvent' || event.chat !== 'add' || event.actor === uid) return null;
  const card = event.frame.type === 'addGroup' ? (event.frame.data as { displayName?: unknown; name?: unknown }) : {};
  const name = typeof card.displayName === 'string' ? card.displayName : typeof card.name === 'string' ? card.name : '';
  const contactId = contactForWire(uid, event.conversation);
  return {
    topic: `chat-${contactId}`,
    title: name,
    body: { label: 'push.added' },
    count: 1,
    path: chatPath(contactId),
    badge: 0,
  };
}

/** A call ringing for a user without a socket: opening it opens the chat, where the call screen rings. */
export function callNote(row: Pick<CallRow, 'type' | 'other' | 'peer'>): PushNote {
  return {
    topic: 'call',
    title: row.other.displayName,
    body: { label: row.type === 1 ? 'push.callVideo' : 'push.callAudio' },
    count: 1,
    path: chatPath(row.peer),
    badge: 0,
    ring: true,
  };
}
