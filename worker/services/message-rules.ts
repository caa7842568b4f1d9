// Pure message rules: recall window, previews, unread arithmetic, file categories.
import type { MessageType } from '../protocol/messages';

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

/** Whether new messages may go into a chat: the operator can close one-to-one chat (`chatInfo.simpleChat`). */
export const mayPost = (chatInfo: { simpleChat?: unknown }, isGroup: number): boolean => isGroup === 1 || String(chatInfo.simpleChat ?? '1') !== '0';

/** Unread comes from watermarks: everything after the last seq I read (sending counts as reading). */
export const unreadCount = (lastSeq: number, readSeq: number) => Math.max(0, lastSeq - readSeq);

/** The chat-list preview: the start of the text; for media the client shows a placeholder from `type`. */
export function previewOf(message: { type: MessageType; content: string; is_undo: number }): string {
  return message.is_undo ? '' : message.content.slice(0, 200);
}

/** What an uploaded extension becomes; media (images, audio, video) is served inline, documents as attachments. */
export const FILE_CATEGORY: Record<string, { cate: number; type: Exclude<MessageType, 'text' | 'emoji' | 'event'>; inline: boolean }> = {};
for (const ext of ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp']) FILE_CATEGORY[ext] = { cate: 2, type: 'image', inline: true };
for (const ext of ['mp3', 'wav', 'wmv', 'amr']) FILE_CATEGORY[ext] = { cate: 3, type: 'file', inline: true };
for (const ext of ['mp4', '3gp', 'avi', 'm2v', 'mkv', 'mov']) FILE_CATEGORY[ext] = { cate: 4, type: 'video', inline: true };
for (const ext of ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'md']) FILE_CATEGORY[ext] = { cate: 1, type: 'file', inline: false };

