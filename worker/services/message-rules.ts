// Pure message rules: recall window, previews, unread arithmetic, file categories.
import type { MessageType, StoredMessage } from '../protocol/messages';
import { QUOTE_MAX } from '../protocol/limits';

/** A sender may recall their own message within `redoSeconds` (0 disables recall). */
export function canRecall(
  message: { from_user: number; sendTime: number; is_undo: number; type: string },
  actor: number,
  redoSeconds: number,
  now = Date.now(),
): 'ok' | 'system.notAuth' | 'im.redoLimitTime' | 'im.exist' {
  if (message.is_undo || message.type === 'event') return 'im.exist';
  if (message.from_user !== actor) return 'system.notAuth';
  if (redoSeconds <= 0 || now - message.sendTime > redoSeconds * 1000) return 'im.redoLimitTime';
  return 'ok';
}

/**
 * A client id already stored in the conversation: the same sender resending (a retry after a lost
 * answer) gets the stored message back; another sender may not reuse someone's id.
 */
export const isResendBy = (existing: { from_user: number }, sender: number): boolean => existing.from_user === sender;

/** Whether new messages may go into a chat: the operator can close one-to-one chat (`chatInfo.simpleChat`). */
export const mayPost = (chatInfo: { simpleChat?: unknown }, isGroup: number): boolean => isGroup === 1 || String(chatInfo.simpleChat ?? '1') !== '0';

/** Unread comes from watermarks: everything after the last seq I read (sending counts as reading). */
export const unreadCount = (lastSeq: number, readSeq: number) => Math.max(0, lastSeq - readSeq);

/** The chat-list preview: the start of the text; for media the client shows a placeholder from `type`. */
export function previewOf(message: { type: MessageType; content: string; is_undo: number }): string {
  return message.is_undo ? '' : message.content.slice(0, 200);
}

/**
 * The quote block of a reply, built from the stored message it quotes; the client names only
 * which message (pid), so nobody can put words or a name in another's mouth. A recalled or
 * unknown message is not quoted. Only text is copied; other types are shown by their type.
 */
export function quoteFrom(quoted: StoredMessage | null): { pid: number; extends: Record<string, unknown> | null } {
  if (!quoted || quoted.is_undo) return { pid: 0, extends: null };
  const text = quoted.type === 'text' ? quoted.content : '';
  const content = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return {
    pid: quoted.seq,
    extends: { quote: { msg_id: quoted.seq, user_id: quoted.from_user, realname: quoted.fromUser.displayName, type: quoted.type, content } },
  };
}

/** What an uploaded extension becomes; media (images, audio, video) is served inline, documents as attachments. */
export const FILE_CATEGORY: Record<string, { cate: number; type: Exclude<MessageType, 'text' | 'emoji' | 'event'>; inline: boolean }> = {};
for (const ext of ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp']) FILE_CATEGORY[ext] = { cate: 2, type: 'image', inline: true };
for (const ext of ['mp3', 'wav', 'wmv', 'amr']) FILE_CATEGORY[ext] = { cate: 3, type: 'file', inline: true };
for (const ext of ['mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov']) FILE_CATEGORY[ext] = { cate: 4, type: 'video', inline: true };
for (const ext of ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'md']) FILE_CATEGORY[ext] = { cate: 1, type: 'file', inline: false };

