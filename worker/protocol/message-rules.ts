// Message rules both sides apply, so the web app offers exactly what the server allows: who may
// recall a message and when, and what a quote of a message says.
import { QUOTE_MAX } from './limits';
import type { MessageType, StoredMessage } from './messages';

/**
 * A sender may recall their own message within `redoSeconds` (0 disables recall); a group's owner
 * and admins (`manager`) may recall anyone's message at any time.
 */
export function canRecall(
  message: { from_user: number; sendTime: number; is_undo: number; type: string },
  actor: number,
  redoSeconds: number,
  now = Date.now(),
  manager = false,
): 'ok' | 'system.notAuth' | 'im.redoLimitTime' | 'im.exist' {
  if (message.is_undo || message.type === 'event') return 'im.exist';
  if (manager) return 'ok';
  if (message.from_user !== actor) return 'system.notAuth';
  if (redoSeconds <= 0 || now - message.sendTime > redoSeconds * 1000) return 'im.redoLimitTime';
  return 'ok';
}

/**
 * Whether `actor` may edit `message` now: only its sender, only a text message
 * that is not recalled, forwarded or a system line, within `editSeconds` of sending (0: never).
 */
export function canEdit(
  message: {
    from_user: number;
    sendTime: number;
    is_undo: number;
    type: string;
    extends: Record<string, unknown> | null;
  },
  actor: number,
  editSeconds: number,
  now = Date.now(),
): 'ok' | 'system.notAuth' | 'im.exist' | 'im.editNotAllowed' | 'im.editTimeLimit' {
  if (message.is_undo || message.type === 'event') return 'im.exist';
  if (message.from_user !== actor) return 'system.notAuth';
  if (message.type !== 'text' || message.extends?.is_forward === 1 || message.extends?.notice)
    return 'im.editNotAllowed';
  if (editSeconds <= 0 || now - message.sendTime > editSeconds * 1000) return 'im.editTimeLimit';
  return 'ok';
}

/** Whether a message takes reactions: not a recalled one, not a system line. */
export const canReact = (message: { is_undo?: number | null; type: string }): boolean =>
  !message.is_undo && message.type !== 'event';

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
export function quoteOfMessage(
  m: Pick<StoredMessage, 'seq' | 'from_user' | 'fromUser' | 'type' | 'content' | 'is_undo'> | null,
): Quote | null {
  if (!m || m.is_undo) return null;
  const text = m.type === 'text' ? m.content : '';
  const content = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return { msg_id: m.seq, user_id: m.from_user, realname: m.fromUser.displayName, type: m.type, content };
}

/** The group's announcement (group-ops 'notice'): a text message marked `extends.notice`. */
export const isAnnouncementExt = (extra: Record<string, unknown> | null | undefined) => Number(extra?.notice) === 1;

/**
 * Whether a group message's mentions (`extends.at`: user ids, 0 for everyone) name `user`. The
 * announcement mentions everyone but the list shows it as the announcement, not "[@ me]".
 */
export function mentions(extra: Record<string, unknown> | null | undefined, user: number): boolean {
  if (isAnnouncementExt(extra)) return false;
  const at = extra?.at;
  return Array.isArray(at) && at.some((id) => id === 0 || id === user);
}
