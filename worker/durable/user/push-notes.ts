// Which delivered messages become a Web Push for a user without a socket, what it says, and
// sending it to each of the user's subscriptions (issue 24 item 4). One-to-one chats only for now:
// a group parks members without a socket (parking.ts), so their hubs are not called per message.
import { forgetEndpoint, subscriptionsOf } from '../../db/push-subscriptions';
import { previewText } from '../../protocol/preview-text';
import { type PushLabel, type PushNote, sendNote, vapidKeys } from '../../providers/web-push';
import { contactFor, isGroupContact } from '../../services/conversations';
import { contactForWire } from '../../services/event-view';
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

/**
 * Sends `notes` to every subscription of `uid`, in order and one at a time per subscription (so
 * the last of a chat's Topic is the one left), forgetting a subscription its push service dropped.
 * Nothing when the operator set no VAPID keys.
 */
export async function sendNotes(env: Env, uid: number, notes: PushNote[]): Promise<void> {
  const vapid = vapidKeys(env);
  if (!vapid || notes.length === 0) return;
  const subs = await subscriptionsOf(env.DB, uid);
  await Promise.all(
    subs.map(async (sub) => {
      for (const note of notes)
        if ((await sendNote(vapid, sub, note)) === 'gone') return void (await forgetEndpoint(env.DB, sub.endpoint));
    }),
  );
}
