// Pure rules about one message on screen: which long-press actions it offers, whether an own
// message reads as read, what a quote of it says, and where its bytes are. Kept out of
// components so tests can state them directly.
import { canEdit as serverEditRule, canRecall as serverRecallRule } from '@protocol/message-rules';

import type { ChatMessage } from '../../types';

export type MenuAction = 'copy' | 'quote' | 'edit' | 'forward' | 'recall' | 'report';

export interface MenuContext {
  me: number;
  redoSeconds: number;
  /** chatInfo.editTime: how long my text messages stay editable (0 or left out: never). */
  editSeconds?: number;
  now: number;
}

export const isRecalled = (m: ChatMessage) => Boolean(m.is_undo) || m.type === 'event';

/** Acknowledged by the server, and allowed by the server's own recall rule (own, not recalled, inside the window). */
export function canRecall(m: ChatMessage, ctx: MenuContext): boolean {
  if (m.status !== 'succeed') return false;
  const stored = { from_user: m.fromUser.id, sendTime: m.sendTime, is_undo: Number(m.is_undo ?? 0), type: m.type };
  return serverRecallRule(stored, ctx.me, ctx.redoSeconds, ctx.now) === 'ok';
}

/** Acknowledged by the server, and allowed by the server's own edit rule (own text, not recalled or forwarded, inside the window). */
export function canEdit(m: ChatMessage, ctx: MenuContext): boolean {
  if (m.status !== 'succeed') return false;
  const stored = {
    from_user: m.fromUser.id,
    sendTime: m.sendTime,
    is_undo: Number(m.is_undo ?? 0),
    type: m.type,
    extends: m.extends ?? null,
  };
  return serverEditRule(stored, ctx.me, ctx.editSeconds ?? 0, ctx.now) === 'ok';
}

/** The long-press menu, in the order it is shown. Pending messages only offer Copy. */
export function menuActions(m: ChatMessage, ctx: MenuContext): MenuAction[] {
  // A call record belongs to its call: nothing to copy, quote, forward or recall (tapping it calls back).
  if (isRecalled(m) || m.type === 'webrtc') return [];
  const actions: MenuAction[] = [];
  if (m.type === 'text' || m.type === 'emoji') actions.push('copy');
  if (m.status !== 'succeed') return actions;
  actions.push('quote');
  if (canEdit(m, ctx)) actions.push('edit');
  // Voice is tied to its moment and is not forwarded.
  if (m.type !== 'voice') actions.push('forward');
  if (canRecall(m, ctx)) actions.push('recall');
  // Someone else's message may be reported to the operators.
  if (m.fromUser.id !== ctx.me) actions.push('report');
  return actions;
}

/** Own message in a single chat the peer has read (history flag or the live read watermark). */
export const isReadByPeer = (m: ChatMessage, peerReadSeq: number) =>
  Boolean(m.is_read) || (m.seq > 0 && m.seq <= peerReadSeq);

/** Where a media or file message's bytes are: the local copy while it uploads, else the server's. */
export const mediaSrc = (m: ChatMessage) => m.localUrl ?? m.content;

/** A copy made by forwarding: the server marks it with `is_forward: 1` in its extends. */
export const isForwarded = (m: ChatMessage) => Number(m.extends?.is_forward) === 1;
/** A group's announcement, posted as a text message to everyone (groups setNotice). */
export const isAnnouncement = (m: ChatMessage) => Number(m.extends?.notice) === 1;
