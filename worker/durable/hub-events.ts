// What a ConversationHub delivers to a member's UserHub. Each may come more than once: a message
// is recognised by its seq (a conversation delivers them in order), every other event by its `key`.
// (Outbox rows written before carry a `key` on messages too; it is ignored.)
import type { StoredMessage } from '../protocol/messages';

export type HubEvent =
  | { kind: 'message'; conversation: string; message: StoredMessage }
  | { kind: 'undo'; key: string; conversation: string; message: StoredMessage }
  | { kind: 'read'; key: string; conversation: string; reader: number; readSeq: number; ids: string[] }
  /** Retention deleted the messages up to `throughSeq`: they no longer count as unread. */
  | { kind: 'pruned'; key: string; conversation: string; throughSeq: number };

export type Refusal = 'system.fail' | 'im.notMember' | 'im.exist' | 'system.notAuth' | 'im.redoLimitTime' | 'system.parameterError';
export type Result<T> = { ok: true; value: T } | { ok: false; key: Refusal };
