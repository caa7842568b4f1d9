// The shapes user/call/ops.ts and user/call/end.ts work with: what they need of their UserHub, and the
// requests and answers that cross between the two participants' hubs (and the calls route)
// through the call lock.
import type { WebrtcEvent } from '../../../protocol/calls';
import type { UserCard } from '../../../protocol/wire';
import type { CallRow, CallStore } from './store';

/** What call-ops (and call-end) need of its UserHub. */
export interface CallHost {
  readonly env: Env;
  readonly calls: CallStore;
  /** Closes the user's dead sockets; whether any is still open. */
  online(): boolean;
  /** An unlogged `webrtc` frame to every open socket of the user. */
  push(event: WebrtcEvent): void;
  /** Whether the user, with no socket, can be rung by Web Push (has a subscription). */
  pushable(uid: number): Promise<boolean>;
  /** Rings the user's subscriptions for `row`; never waits for the push service. */
  ringByPush(row: CallRow): void;
  /** Sets the hub's alarm, or deletes it (null). */
  setAlarm(at: number | null): Promise<void>;
}

export type CallRefusal = 'im.callNotFound' | 'im.callElsewhere';
export type CallResult = { ok: true; value: WebrtcEvent } | { ok: false; key: CallRefusal };

export interface PlaceCall {
  id: string;
  conversation: string;
  /** 1 video, 0 audio. */
  type: number;
  me: UserCard;
  other: UserCard;
}

export interface RingCall {
  id: string;
  conversation: string;
  type: number;
  caller: UserCard;
  callee: UserCard;
}

export type RingAnswer =
  | { kind: 'ringing'; msg_id: number }
  /** Not rung: the callee has no open socket ('offline') or is in another call ('busy'); the record says 907. */
  | { kind: 'busy'; action: 'offline' | 'busy'; msg_id: number }
  /** Both called each other: the call `winner` (the smaller id) stands, the other one is dropped. */
  | { kind: 'glare'; winner: string };

export interface Signal {
  event: 'offer' | 'answer' | 'iceCandidate';
  sdp?: string;
  iceCandidate?: string;
}
