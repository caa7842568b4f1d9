// The call lock's operations by name: a UserHub has one entry for them all (`callLock(op, …)`),
// called by the calls route and by the other participant's hub, instead of one hub method each.
// Each operation is a user/call/ops.ts (or user/call/end.ts, user/call/ice.ts, user/call/meeting.ts) function of the
// hub's CallHost.
import { endCall, peerEnded } from './end';
import { iceOf } from './ice';
import { meetingOf } from './meeting';
import { answerCall, holdsCall, peerAnswered, peerSignal, placeCall, relayCall, ringCall } from './ops';
import type { CallHost } from './types';

export const CALL_LOCK = {
  /** The caller's `calling`: takes the lock and asks the callee's hub to ring. */
  placeCall,
  /** The callee's hub: ring, or answer busy, offline or glare. */
  ringCall,
  answerCall,
  peerAnswered,
  /** offer / answer / iceCandidate to the other participant. */
  relayCall,
  peerSignal,
  /** My hangup or busy; null when I hold no such call. */
  endCall,
  peerEnded,
  /** Whether this user holds the call, ringing or active. */
  holdsCall,
  /** This user's ICE servers for the call, minted once per call; null without it. */
  iceServers: iceOf,
  /** The RealtimeKit meeting of the call, for this user or (on the caller's hub) the callee. */
  meeting: meetingOf,
};

export type CallOp = keyof typeof CALL_LOCK;
/** An operation's arguments after the hub's CallHost. */
export type CallArgs<K extends CallOp> = (typeof CALL_LOCK)[K] extends (host: CallHost, ...args: infer A) => unknown
  ? A
  : never;
export type CallAnswer<K extends CallOp> = Awaited<ReturnType<(typeof CALL_LOCK)[K]>>;

/** Runs `op` on the hub's call lock. */
export async function runCallOp<K extends CallOp>(host: CallHost, op: K, args: CallArgs<K>): Promise<CallAnswer<K>> {
  if (!Object.hasOwn(CALL_LOCK, op)) throw new Error(`no call lock operation ${String(op)}`);
  const run = CALL_LOCK[op] as unknown as (
    host: CallHost,
    ...args: CallArgs<K>
  ) => CallAnswer<K> | Promise<CallAnswer<K>>;
  return run(host, ...args);
}
