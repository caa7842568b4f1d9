// How the server handles messages, as pure rules: resends, who may post, previews, unread
// arithmetic, forwards, file categories. The rules the web app applies too (recall window, quotes)
// are in protocol/message-rules.ts; the web's own, about a message on screen, in message-display-rules.ts.
import { chatSwitch } from '../protocol/config-values';
import { MESSAGE_TYPES, type MessageType } from '../protocol/messages';
import { previewText } from '../protocol/preview-text';

/**
 * A client id already stored in the conversation: the same sender resending (a retry after a lost
 * answer) gets the stored message back; another sender may not reuse someone's id.
 */
export const isResendBy = (existing: { from_user: number }, sender: number): boolean => existing.from_user === sender;

/** Whether new messages may go into a chat: the operator can close one-to-one chat (`chatInfo.simpleChat`). */
export const mayPost = (chatInfo: { simpleChat?: unknown }, isGroup: number): boolean =>
  isGroup === 1 || chatSwitch(chatInfo, 'simpleChat');

/** Unread comes from watermarks: everything after the last seq I read (sending counts as reading). */
export const unreadCount = (lastSeq: number, readSeq: number) => Math.max(0, lastSeq - readSeq);

/** The chat-list preview: the text as one line, cut; for media the client shows a placeholder from `type`. */
export function previewOf(message: { type: MessageType; content: string; is_undo: number }): string {
  return message.is_undo ? '' : previewText(message.content);
}

/** Kinds a forward copies: what people wrote or sent. A group's system line and a call record belong where they happened. */
export const isForwardable = (type: MessageType): boolean => (MESSAGE_TYPES as readonly string[]).includes(type);

/** The `extends` fields a forward keeps, each with the type it must have: media size and length, and a file's name. */
const FORWARDED_FIELDS = {
  size: 'number',
  width: 'number',
  height: 'number',
  duration: 'number',
  name: 'string',
} as const;

/**
 * A forwarded copy's `extends`: content, never authority. Only the allowlisted fields survive,
 * plus the forwarded mark; mentions, an announcement's mark, a system line, who recalled it, a
 * quote into the source conversation and call fields are all left behind.
 */
export function forwardedExtends(ext: Record<string, unknown> | null): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(FORWARDED_FIELDS)) {
    const value = ext?.[field];
    if (typeof value === type && (type !== 'number' || Number.isFinite(value))) kept[field] = value;
  }
  // Marked so both sides can label the copy "Forwarded" (the reference's is_forward=1).
  return { ...kept, is_forward: 1 };
}

/** What an uploaded extension becomes; media (images, audio, video) is served inline, documents as attachments. */
export const FILE_CATEGORY: Record<
  string,
  { cate: number; type: Exclude<MessageType, 'text' | 'emoji' | 'event'>; inline: boolean }
> = {};
for (const ext of ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp'])
  FILE_CATEGORY[ext] = { cate: 2, type: 'image', inline: true };
for (const ext of ['mp3', 'wav', 'wmv', 'amr']) FILE_CATEGORY[ext] = { cate: 3, type: 'file', inline: true };
for (const ext of ['mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov'])
  FILE_CATEGORY[ext] = { cate: 4, type: 'video', inline: true };
for (const ext of ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'md'])
  FILE_CATEGORY[ext] = { cate: 1, type: 'file', inline: false };
