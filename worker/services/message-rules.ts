// Pure message rules of the server: resends, who may post, previews, unread arithmetic, file
// categories. The rules the web app applies too (recall window, quotes) are in protocol/message-rules.
import type { MessageType } from '../protocol/messages';
import { previewText } from '../protocol/preview-text';
import { chatSwitch } from '../protocol/config-values';
export { canRecall, quoteOfMessage, type Quote } from '../protocol/message-rules';

/**
 * A client id already stored in the conversation: the same sender resending (a retry after a lost
 * answer) gets the stored message back; another sender may not reuse someone's id.
 */
export const isResendBy = (existing: { from_user: number }, sender: number): boolean => existing.from_user === sender;

/** Whether new messages may go into a chat: the operator can close one-to-one chat (`chatInfo.simpleChat`). */
export const mayPost = (chatInfo: { simpleChat?: unknown }, isGroup: number): boolean => isGroup === 1 || chatSwitch(chatInfo, 'simpleChat');

/** Unread comes from watermarks: everything after the last seq I read (sending counts as reading). */
export const unreadCount = (lastSeq: number, readSeq: number) => Math.max(0, lastSeq - readSeq);

/** The chat-list preview: the text as one line, cut; for media the client shows a placeholder from `type`. */
export function previewOf(message: { type: MessageType; content: string; is_undo: number }): string {
  return message.is_undo ? '' : previewText(message.content);
}

/** A forwarded copy goes without the original's quote: it points into the source conversation. */
export function withoutQuote(ext: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!ext || !('quote' in ext)) return ext;
  const { quote: _quote, ...rest } = ext;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** What an uploaded extension becomes; media (images, audio, video) is served inline, documents as attachments. */
export const FILE_CATEGORY: Record<string, { cate: number; type: Exclude<MessageType, 'text' | 'emoji' | 'event'>; inline: boolean }> = {};
for (const ext of ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp']) FILE_CATEGORY[ext] = { cate: 2, type: 'image', inline: true };
for (const ext of ['mp3', 'wav', 'wmv', 'amr']) FILE_CATEGORY[ext] = { cate: 3, type: 'file', inline: true };
for (const ext of ['mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov']) FILE_CATEGORY[ext] = { cate: 4, type: 'video', inline: true };
for (const ext of ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'md']) FILE_CATEGORY[ext] = { cate: 1, type: 'file', inline: false };

