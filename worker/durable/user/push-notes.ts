// Which delivered messages become a Web Push for a user without a socket, and what it says
// (issue 24 item 4). One-to-one chats only for now: a group parks members without a socket
// (parking.ts), so their hubs are not called per message.
import { previewText } from '../../protocol/preview-text';
import { contactFor, isGroupContact } from '../../services/conversations';
import { contactForWire } from '../../services/event-view';
import type { PushLabel, PushNote } from '../../services/push-send';
import type { HubEvent } from '../hub-events';
import type { ChatList } from './chat-list';

/** A notification shows a short line; the chat list keeps the longer preview. */
const BODY_MAX = 120;
const LABELED = ['image', 'video', 'file', 'voice', 'emoji'] as const;

/**
 * The note for `event`, or null: never for the user's own message, a muted chat (`is_notice` 0),
 * a system line or call record, or a group. Called once per message (messageFrames' first push).
 */
export function messageNote(chats: ChatList, uid: number, event: HubEvent & { kind: 'message' }): PushNote | null {
  const { message, conversation } = event;
  if (isGroupContact(conversation) || message.from_user === uid || message.is_undo) return null;
  if (chats.chat(contactFor(uid, conversation))?.is_notice === 0) return null;
  const type = message.type;
  const label = (LABELED as readonly string[]).includes(type) ? (`push.${type}` as PushLabel) : null;
  if (!label && type !== 'text') return null;
  const contactId = contactForWire(uid, conversation);
  return {
    topic: `chat-${contactId}`,
    title: message.fromUser.displayName,
    body: label ? { label } : { text: previewText(message.content, BODY_MAX) },
    path: `/#/pages/message/chat?id=${contactId}`,
    badge: event.unread ?? 0,
  };
}
