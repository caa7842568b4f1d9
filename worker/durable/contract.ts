// What a ConversationHub delivers to a member's UserHub. Each may come more than once: a message
// is recognised by its seq (a conversation delivers them in order), every other event by its `key`.
// (Outbox rows written before carry a `key` on messages too; it is ignored.)
import type { GroupProjection } from '../db/group-projection';
import type { Outgoing } from '../protocol/frames';
import type { StoredMessage } from '../protocol/messages';
import type { Reactions } from '../protocol/wire';

export type HubEvent =
  /**
   * `chatName`: a group's name, so a member who did not have the chat yet can list it. `unread`:
   * the receiver's unread count with it, added per member as it is delivered (conversation/fanout/fanout.ts personalize).
   */
  | { kind: 'message'; conversation: string; message: StoredMessage; chatName?: string; unread?: number }
  | { kind: 'undo'; key: string; conversation: string; message: StoredMessage }
  /** Someone reacted to a message or took a reaction back: the message's whole summary now. */
  | {
      kind: 'reaction';
      key: string;
      conversation: string;
      message: StoredMessage;
      reactions: Reactions;
      /** When the change added one: whose and which, for the author's Web Push (user/push-notes.ts). */
      added?: { by: number; name: string; emoji: string };
    }
  /** Its sender edited a text message: the message as it reads now. */
  | { kind: 'update'; key: string; conversation: string; message: StoredMessage }
  /** One-to-one: `reader` read through `readSeq`; `ids` are the peer's messages that became read. */
  | { kind: 'read'; key: string; conversation: string; reader: number; readSeq: number; ids: string[] }
  /**
   * A group: `reader` read through `readSeq`. It goes to the reader's own hub and to the author of
   * the newest message read, with `readers`: how many members besides that author have read it.
   */
  | { kind: 'groupRead'; key: string; conversation: string; reader: number; readSeq: number; readers: number }
  /** Retention deleted the messages up to `throughSeq`: they no longer count as unread. */
  | { kind: 'pruned'; key: string; conversation: string; throughSeq: number; unread?: number }
  /**
   * A group change (roles, name, settings, members…): the frame each member's devices get. `chat`
   * 'add' puts the group on a newcomer's chat list, 'remove' takes it off a removed member's.
   */
  | {
      kind: 'groupEvent';
      key: string;
      conversation: string;
      actor: number;
      frame: Outgoing;
      chat?: 'add' | 'remove';
      /** With 'remove': the chat row the member keeps (conversation/chat-state.ts). */
      state?: ChatState;
    }
  /** The group's D1 projection (only ever for PROJECTION, conversation/fanout/fanout.ts): the whole roster after a change. */
  | { kind: 'projection'; key: string; conversation: string; projection: GroupProjection };

export type Refusal =
  | 'system.fail'
  | 'im.notMember'
  | 'im.exist'
  | 'system.notAuth'
  | 'im.redoLimitTime'
  | 'im.editNotAllowed'
  | 'im.editTimeLimit'
  | 'im.reactionLimit'
  | 'system.parameterError'
  | 'group.allMuted'
  | 'group.notSpeak'
  | 'group.notMember'
  | 'group.ownerQuit'
  | 'group.userLimit'
  | 'group.alreadyJoin'
  | 'group.exist'
  | 'scan.failure'
  | 'scan.removed';
export type Result<T> = { ok: true; value: T } | { ok: false; key: Refusal };

/** Whether someone may speak in a conversation now (post, edit, react): 'ok' or why not (group-rules.ts speakVerdict). */
export type Speech = 'ok' | 'group.allMuted' | 'group.notSpeak';
/** Who acts on a message, and their speak rule, asked once the message is found (conversation/message-edit.ts, conversation/reactions.ts). */
export interface Speaker {
  actor: number;
  voice: () => Speech;
}

/** What a chat row shows of its conversation (the chat list's columns of the same names). */
export interface ChatState {
  last_seq: number;
  read_seq: number;
  unread: number;
  last_content: string;
  last_type: string;
  last_send_time: number;
  last_from: number;
  /** 1 recalled; 2 removed by an operator (a report, conversation/moderation.ts). */
  last_undo: number;
  /** The newest message above the read mark that mentions the member (or everyone); 0 for none. */
  at_seq: number;
  /** The last message's system line (or the announcement's 'notice' record) as JSON; '' otherwise. */
  last_system: string;
}

/** Which messages still notify a member with no socket: every one, or only those that mention them. */
export type NotifyMode = 'all' | 'mentions';

/**
 * What a member's hub answers a delivery: frames pushed, whether a socket was open, and when it
 * looked; without a socket and with a Web Push subscription, which messages still notify them.
 */
export interface DeliveryReceipt {
  frames: number;
  online: boolean;
  at: number;
  notify?: NotifyMode;
}

export const isReceipt = (value: unknown): value is DeliveryReceipt =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DeliveryReceipt).online === 'boolean' &&
  typeof (value as DeliveryReceipt).at === 'number';
