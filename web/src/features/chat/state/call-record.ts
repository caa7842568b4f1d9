// A call record (a `webrtc` message) takes its outcome when the call ends: the peer's `hangup`,
// my other device's `otherOpt`, or this tab's own hang-up answer. Pure, like thread-ops.
import type { WebrtcEvent } from '@protocol/calls';

import { type ChatState, keyOf } from '../types';
import { withThread } from './thread-ops';

export interface CallOutcome {
  /** The other person: the chat the record is in. */
  peer: number | string;
  /** The call's UUID (the record's client id and extends.id). */
  callId: string;
  msgId: number;
  code: number;
  callTime: number;
}

/** The outcome a `webrtc` frame carries, if it ends a call. */
export function outcomeOf(event: WebrtcEvent): CallOutcome | null {
  const { event: kind, code, callTime } = event.extends;
  if (kind !== 'hangup' && kind !== 'otherOpt' && kind !== 'busy') return null;
  // otherOpt 'acceptRtc' only says another device answered: the call goes on.
  if (kind === 'otherOpt' && event.extends.action === 'acceptRtc') return null;
  return { peer: event.toContactId, callId: event.id, msgId: event.msg_id, code, callTime };
}

/** The record updated in the chat's loaded thread, open or cached; a thread not loaded reads it fresh later. */
export function applyCallOutcome(state: ChatState, o: CallOutcome): ChatState {
  const key = keyOf(o.peer);
  const t = state.threads[key];
  if (!t) return state;
  const isRecord = (m: { id: string; msg_id: number; type: string; extends: Record<string, unknown> | null }) =>
    m.type === 'webrtc' && (m.id === o.callId || m.extends?.id === o.callId || (o.msgId > 0 && m.msg_id === o.msgId));
  if (!t.messages.some(isRecord)) return state;
  return withThread(state, key, (th) => ({
    ...th,
    messages: th.messages.map((m) =>
      isRecord(m) ? { ...m, extends: { ...m.extends, code: o.code, callTime: o.callTime } } : m,
    ),
  }));
}
