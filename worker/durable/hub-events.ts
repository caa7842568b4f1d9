// What a ConversationHub delivers to a member's UserHub. Each may come more than once: a message
// is recognised by its seq (a conversation delivers them in order), every other event by its `key`.
// (Outbox rows written before carry a `key` on messages too; it is ignored.)
import type { StoredMessage } from '../protocol/messages';

export type HubEvent =
  | { kind: 'message'; conversation: string; message: StoredMessage }
  | { kind: 'undo'; key: string; conversation: string; message: StoredMessage }
  /** One-to-one: `reader` read through `readSeq`; `ids` are the peer's messages that became read. */
  | { kind: 'read'; key: string; conversation: string; reader: number; readSeq: number; ids: string[] }
  /**
   * A group: `reader` read through `readSeq`. It goes to the reader's own hub and to the author of
   * the newest message read, with `readers`: how many members besides that author have read it.
   */
  | { kind: 'groupRead'; key: string; conversation: string; reader: number; readSeq: number; readers: number }
  /** Retention deleted the messages up to `throughSeq`: they no longer count as unread. */
  | { kind: 'pruned'; key: string; conversation: string; throughSeq: number };

export type Refusal = 'system.fail' | 'im.notMember' | 'im.exist' | 'system.notAuth' | 'im.redoLimitTime' | 'system.parameterError';
export type Result<T> = { ok: true; value: T } | { ok: false; key: Refusal };
