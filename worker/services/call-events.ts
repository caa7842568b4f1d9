// The `webrtc` event as the hubs push it and sendToMsg answers it. `toContactId`
// is the chat the call belongs to for whoever receives it: the other person's id.
import type { CallEvent, WebrtcEvent } from '../protocol/calls';
import type { UserCard } from '../protocol/wire';

/** `status` in a frame: who sent it (1 caller, 2 callee), 3 on `calling` as the reference forces. */
export const SENDER_STATUS = { caller: 1, callee: 2, calling: 3 } as const;

export interface CallFrame {
  event: CallEvent;
  code: number;
  status: number;
  callTime?: number;
  sdp?: string;
  iceCandidate?: string;
  isMobile?: number;
  /** On `otherOpt`: acceptRtc or hangup; on `busy`: offline or busy. */
  action?: string;
}

export function webrtcEvent(
  call: { id: string; msg_id: number; type: number },
  from: UserCard,
  toContactId: number,
  f: CallFrame,
): WebrtcEvent {
  return {
    id: call.id,
    msg_id: call.msg_id,
    sendTime: Date.now(),
    toContactId,
    content: '',
    type: 'webrtc',
    status: 'succeed',
    is_group: 0,
    is_read: 0,
    fromUser: from,
    at: [],
    extends: {
      type: call.type,
      status: f.status,
      event: f.event,
      code: f.code,
      callTime: f.callTime ?? 0,
      ...(f.sdp !== undefined ? { sdp: f.sdp } : {}),
      ...(f.iceCandidate !== undefined ? { iceCandidate: f.iceCandidate } : {}),
      ...(f.isMobile !== undefined ? { isMobile: f.isMobile } : {}),
      ...(f.action !== undefined ? { action: f.action } : {}),
    },
  };
}
