// The transitions of a call on one user's UserHub, which holds that
// user's call lock (user/call/store.ts). The caller's hub places the call and asks the callee's hub to
// ring; each hub then tells the other of what its user did (answer, signal); how a call ends
// (a hang-up, the ring's end, the sockets gone) is user/call/end.ts.
import { CALL_CODE, type CallRecordExtends, RING_SECONDS, type WebrtcEvent } from '../../../protocol/calls';
import { SENDER_STATUS, webrtcEvent } from '../../../services/call-events';
import { conversationHub, userHub } from '../../stubs';
import { ACTIVE_CHECK_MS, finish, finishRecord, release } from './end';
import { callingEvent, fromMe, fromPeer } from './frames';
import type { CallRow } from './store';
import type { CallHost, CallResult, PlaceCall, RingAnswer, RingCall, Signal } from './types';

/** The caller's hub ends an unanswered call this long after the callee's should have. */
export const CALLER_GRACE_MS = 5_000;

const notFound = { ok: false, key: 'im.callNotFound' } as const;
const ok = (value: WebrtcEvent): CallResult => ({ ok: true, value });

/** The caller's `calling`: takes the caller's lock and asks the callee's hub to ring. */
export async function placeCall(host: CallHost, req: PlaceCall): Promise<CallResult> {
  const held = host.calls.get();
  if (held) {
    // A resent `calling`, or the other person called first (glare seen late): that call is the one.
    if (held.id === req.id && held.role === 'caller') return ok(callingEvent(held));
    if (held.role === 'callee' && held.phase === 'ringing' && held.peer === req.other.id) return ok(callingEvent(held));
    return { ok: false, key: 'im.callElsewhere' };
  }
  const now = Date.now();
  const row: CallRow = {
    id: req.id,
    peer: req.other.id,
    conversation: req.conversation,
    msg_id: 0,
    type: req.type,
    role: 'caller',
    phase: 'ringing',
    started_at: now,
    answered_at: 0,
    deadline: now + RING_SECONDS * 1000 + CALLER_GRACE_MS,
    me: req.me,
    other: req.other,
  };
  host.calls.put(row);
  await host.setAlarm(row.deadline);
  let answer: RingAnswer;
  try {
    answer = await userHub(host.env, row.peer).callLock('ringCall', {
      id: req.id,
      conversation: req.conversation,
      type: req.type,
      caller: req.me,
      callee: req.other,
    });
  } catch (error) {
    if (host.calls.held(req.id)) await release(host);
    throw error;
  }
  if (answer.kind === 'ringing') {
    const current = host.calls.held(req.id);
    const call = current ? host.calls.update({ msg_id: answer.msg_id })! : { ...row, msg_id: answer.msg_id };
    const event = callingEvent(call);
    // My other devices learn a call is going on (they stay quiet, and my lock shows).
    if (current?.phase === 'ringing') host.push(event);
    return ok(event);
  }
  if (answer.kind === 'busy') {
    if (host.calls.held(req.id)) await release(host);
    return ok(
      webrtcEvent({ ...row, msg_id: answer.msg_id }, req.other, row.peer, {
        event: 'busy',
        code: CALL_CODE.busy,
        status: SENDER_STATUS.callee,
        action: answer.action,
      }),
    );
  }
  // Glare lost: my call is dropped (never rung, so never recorded) and I ring with theirs.
  const mine = host.calls.get();
  if (mine?.id === answer.winner) return ok(callingEvent(mine));
  if (mine?.id !== req.id) return { ok: false, key: 'im.callElsewhere' };
  const at = Date.now();
  const ringing: CallRow = {
    ...mine,
    id: answer.winner,
    msg_id: 0,
    role: 'callee',
    started_at: at,
    deadline: at + RING_SECONDS * 1000,
    ice: undefined,
  };
  host.calls.put(ringing);
  await host.setAlarm(ringing.deadline);
  return ok(callingEvent(ringing));
}

/** The callee's hub: ring (lock, record, frames) or answer why not. */
export async function ringCall(host: CallHost, req: RingCall): Promise<RingAnswer> {
  const held = host.calls.get();
  if (held && held.id === req.id && held.role === 'callee') {
    // A resend, or the ring of a call this hub already took when it lost a glare.
    if (held.msg_id > 0) return { kind: 'ringing', msg_id: held.msg_id };
    return { kind: 'ringing', msg_id: await recordRing(host, req) };
  }
  const glare = held && held.role === 'caller' && held.peer === req.caller.id && held.phase === 'ringing';
  if (glare && held.id < req.id) return { kind: 'glare', winner: held.id };
  if (held && !glare) return { kind: 'busy', action: 'busy', msg_id: await storeRecord(host.env, req, CALL_CODE.busy) };
  // Without a socket the callee is rung by Web Push when they allowed it, and the call waits as for a socket.
  if (!held && !host.online() && !(await host.pushable(req.callee.id)))
    return { kind: 'busy', action: 'offline', msg_id: await storeRecord(host.env, req, CALL_CODE.busy) };
  const now = Date.now();
  host.calls.put({
    id: req.id,
    peer: req.caller.id,
    conversation: req.conversation,
    msg_id: 0,
    type: req.type,
    role: 'callee',
    phase: 'ringing',
    started_at: now,
    answered_at: 0,
    deadline: now + RING_SECONDS * 1000,
    me: req.callee,
    other: req.caller,
  });
  await host.setAlarm(now + RING_SECONDS * 1000);
  // Glare won by the incoming call: my own outgoing one was replaced (its record, if any, cancelled).
  if (glare) await finishRecord(host.env, held.conversation, held.id, CALL_CODE.cancelled, 0);
  return { kind: 'ringing', msg_id: await recordRing(host, req) };
}

/** Stores the ringing call's record and rings my sockets with its msg_id. */
async function recordRing(host: CallHost, req: RingCall): Promise<number> {
  let msgId: number;
  try {
    msgId = await storeRecord(host.env, req, CALL_CODE.calling);
  } catch (error) {
    if (host.calls.held(req.id)) await release(host);
    throw error;
  }
  if (host.calls.held(req.id)) {
    const row = host.calls.update({ msg_id: msgId, type: req.type })!;
    if (row.phase === 'ringing') {
      host.push(callingEvent(row));
      if (row.role === 'callee' && !host.online()) host.ringByPush(row);
    }
  }
  return msgId;
}

/** The callee answers: active on both hubs; my other devices stop ringing (otherOpt 908). */
export async function answerCall(host: CallHost, id: string, peer: number): Promise<CallResult> {
  const row = host.calls.held(id);
  if (!row || row.role !== 'callee' || row.phase !== 'ringing' || row.peer !== peer) return notFound;
  const now = Date.now();
  const active = host.calls.update({ phase: 'active', answered_at: now, deadline: now + ACTIVE_CHECK_MS })!;
  await host.setAlarm(active.deadline);
  host.push(fromMe(active, { event: 'otherOpt', action: 'acceptRtc', code: CALL_CODE.elsewhere }));
  const reached = await userHub(host.env, peer)
    .callLock('peerAnswered', id, active.me.id)
    .catch((error: unknown) => {
      console.error('telling the caller of an answer failed', error);
      return false;
    });
  if (!reached) {
    // The caller's call is gone (cancelled meanwhile): so is mine.
    const still = host.calls.held(id);
    if (still) await finish(host, still, CALL_CODE.cancelled, 'hangup', false);
    return notFound;
  }
  // An answered call is no unread message for the one who answered it.
  if (active.msg_id > 0) {
    await conversationHub(host.env, active.conversation)
      .readAnsweredCall(active.conversation, active.me.id, active.msg_id)
      .catch((error: unknown) => console.error('marking an answered call read failed', error));
  }
  return ok(fromMe(active, { event: 'acceptRtc', code: CALL_CODE.answered }));
}

/** The caller's hub hears the callee answered. */
export async function peerAnswered(host: CallHost, id: string, from: number): Promise<boolean> {
  const row = host.calls.held(id);
  if (!row || row.role !== 'caller' || row.peer !== from) return false;
  if (row.phase === 'active') return true;
  const now = Date.now();
  const active = host.calls.update({ phase: 'active', answered_at: now, deadline: now + ACTIVE_CHECK_MS })!;
  await host.setAlarm(active.deadline);
  host.push(fromPeer(active, { event: 'acceptRtc', code: CALL_CODE.answered }));
  return true;
}

/** offer / answer / iceCandidate, relayed as they came to the other participant's sockets. */
export async function relayCall(host: CallHost, id: string, peer: number, signal: Signal): Promise<CallResult> {
  const row = host.calls.held(id);
  if (!row || row.peer !== peer) return notFound;
  const reached = await userHub(host.env, peer).callLock('peerSignal', id, row.me.id, signal);
  return reached ? ok(fromMe(row, { ...signal, code: CALL_CODE.calling })) : notFound;
}

export async function peerSignal(host: CallHost, id: string, from: number, signal: Signal): Promise<boolean> {
  const row = host.calls.held(id);
  if (!row || row.peer !== from) return false;
  host.push(fromPeer(row, { ...signal, code: CALL_CODE.calling }));
  return true;
}

/** Whether the user holds the call `id` (ringing or active). */
export const holdsCall = (host: CallHost, id: string): boolean => host.calls.held(id) !== null;

/** The record of a call, stored as its caller's message (client id = the call id, so a resend stores nothing new). */
async function storeRecord(env: Env, req: RingCall, code: number): Promise<number> {
  const record: CallRecordExtends = { id: req.id, type: req.type, code, callTime: 0, caller: req.caller.id };
  const sent = await conversationHub(env, req.conversation).send(req.conversation, {
    id: req.id,
    from: req.caller,
    type: 'webrtc',
    content: '',
    extends: { ...record },
    pid: 0,
    file: null,
  });
  if (!sent.ok) throw new Error(`call record refused: ${sent.key}`);
  return sent.value.message.msg_id;
}
