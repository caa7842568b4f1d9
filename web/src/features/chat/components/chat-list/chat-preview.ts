// The one-line preview under a chat's name: the text as written on one line (the protocol's
// previewText), a placeholder for media and calls, or who recalled the last message; in a group
// the sender's name before it, and the announcement marked as one.
import { previewText } from '@protocol/preview-text';
import { UNDO_MODERATED } from '@protocol/responses';
import type { TFunction } from '@web/lib/i18n';

import type { Contact } from '../../types';
import { groupEventText } from '../../utils/group-event-text';

const PLACEHOLDER = {
  image: 'chatList.preview.image',
  video: 'chatList.preview.video',
  file: 'chatList.preview.file',
  voice: 'chatList.preview.voice',
  emoji: 'chatList.preview.emoji',
  webrtc: 'chatList.preview.call',
  call: 'chatList.preview.call',
} as const;

/** The placeholder for a non-text message type, or null for text-like ones. */
export function typePlaceholder(type: string | undefined, t: TFunction): string | null {
  const key = type ? PLACEHOLDER[type as keyof typeof PLACEHOLDER] : undefined;
  return key ? t(key) : null;
}

interface PreviewContext {
  me: number;
  /** Looks a user's name up: a group member who sent or recalled the last message. */
  nameOf: (userId: number) => string | undefined;
  t: TFunction;
}

export function chatPreview(contact: Contact, { me, nameOf, t }: PreviewContext): string {
  if (contact.lastContentUndo) {
    if (contact.lastContentUndo === UNDO_MODERATED) return t('chatList.moderated');
    if (contact.lastFrom === me) return t('chatList.recalledByMe');
    const name = (contact.lastFrom && nameOf(contact.lastFrom)) || contact.displayName;
    return t('chatList.recalledBy', { name });
  }
  // A group's system line, worded here; one known only from the chat list says the group changed.
  if (contact.is_group && contact.type === 'event' && !contact.lastContent) {
    return contact.lastSystem ? groupEventText(contact.lastSystem, me, t) : t('groupEvents.updated');
  }
  // A chat opened by an accepted friend request: each client words it in its own language.
  if (contact.type === 'event' && !contact.lastContent) return t('groupEvents.friends');
  const text = typePlaceholder(contact.type, t) ?? previewText(contact.lastContent);
  // The announcement (its chat row keeps a 'notice' record) reads as one, not as a mention.
  if (contact.is_group && contact.lastSystem?.kind === 'notice' && contact.type === 'text')
    return t('chatList.preview.notice', { text });
  // In a group, whose message it is ("Chi: …"), as every messenger's list says; mine go without.
  // The server's name (lastFromName) covers members the list does not know.
  const sender =
    contact.is_group && contact.lastFrom && contact.lastFrom !== me
      ? contact.lastFromName || nameOf(contact.lastFrom)
      : undefined;
  return sender ? t('chatList.fromSender', { name: sender, text }) : text;
}
