// Pure message rules: recall window, quotes, previews, unread arithmetic, file categories. The web
// app imports the recall and quote rules too, so both sides decide the same way.
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

/** What a reply shows of the message it quotes (`extends.quote`). */
export interface Quote {
  msg_id: number;
  user_id: number;
  realname: string;
  type: MessageType;
  content: string;
}

/**
 * The quote of a message: who wrote it and, for text, the start of what they wrote; other types are
 * shown by their type. A recalled or unknown message has none. The server builds every stored
 * quote with it (the client names only which message), and the web app its draft of one.
 */
export function quoteOfMessage(m: Pick<StoredMessage, 'seq' | 'from_user' | 'fromUser' | 'type' | 'content' | 'is_undo'> | null): Quote | null {
  if (!m || m.is_undo) return null;
  const text = m.type === 'text' ? m.content : '';
  const content = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return { msg_id: m.seq, user_id: m.from_user, realname: m.fromUser.displayName, type: m.type, content };
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

