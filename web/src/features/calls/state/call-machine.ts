// The call as a pure state machine (no timers, no network, no React): one call at a time, moved
// by local actions, `webrtc` frames and the peer connection's state. It answers the next state and
// the effects the store must run (signal the server, start or stop the media). The server owns the
// lock and the final code; this side only words the outcome for whoever it is.
import { CALL_CODE, type CallEvent, RING_SECONDS, type WebrtcEvent } from '@protocol/calls';

import { type EndReason, endReason } from './end-reason';

export interface CallPeer {
  id: number;
  name: string;
  avatar: string;
}

export interface CallInfo {
  /** The call's UUID (the caller made it). */
  id: string;
  /** The call record's id; 0 until the server stored it. */
  msgId: number;
  peer: CallPeer;
  video: boolean;
  /** I placed it (the impolite side, who makes the first offer). */
  caller: boolean;
}

export type CallState =
  | { phase: 'idle' }
  /** Ringing out; `deadline` in ms since the epoch. */
  | { phase: 'dialing'; call: CallInfo; deadline: number }
  | { phase: 'incoming'; call: CallInfo; deadline: number }
  /** Answered: the peer connection is being set up. */
  | { phase: 'connecting'; call: CallInfo }
  | { phase: 'active'; call: CallInfo; startedAt: number }
  /** Shown for a moment, then back to idle. `callTime` in seconds (906). */
  | { phase: 'ended'; call: CallInfo; code: number; why: EndReason; callTime: number };

export type CallPhase = CallState['phase'];

export type MediaFailure = 'denied' | 'notFound' | 'other';

export type CallAction =
  | { type: 'call'; id: string; peer: CallPeer; video: boolean; now: number }
  /** The server's answer to my `calling`. */
  | { type: 'placed'; event: WebrtcEvent; now: number }
  /** sendToMsg refused `calling` or `acceptRtc` (the API client already showed why). */
  | { type: 'refused' }
  | { type: 'accept' }
  | { type: 'decline' }
  | { type: 'hangup'; now: number }
  /** The ring ran out here (the server's alarm ends it there too). */
  | { type: 'timeout'; now: number }
  | { type: 'frame'; event: WebrtcEvent; me: number; now: number }
  | { type: 'connected'; now: number }
  | { type: 'mediaError'; failure: MediaFailure; now: number }
  /** ICE stayed failed after a restart: the peer cannot be reached. */
  | { type: 'unreachable'; now: number }
  | { type: 'clear' };

export type CallEffect =
  | {
      kind: 'send';
      event: Extract<CallEvent, 'calling' | 'acceptRtc' | 'hangup'>;
      call: CallInfo;
      code: number;
      callTime: number;
    }
  /** Get the camera/microphone and build the peer connection. */
  | { kind: 'media'; call: CallInfo }
  /** The caller's first offer, once the callee accepted. */
  | { kind: 'negotiate'; call: CallInfo }
  | { kind: 'release' };

export interface Step {
  state: CallState;
  effects: CallEffect[];
}

export const IDLE: CallState = { phase: 'idle' };
const RING_MS = RING_SECONDS * 1000;

const stay = (state: CallState): Step => ({ state, effects: [] });
const seconds = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000));

/** A call is going on (an ended one is only being shown). */
export const isBusy = (s: CallState): boolean => s.phase !== 'idle' && s.phase !== 'ended';

function ended(
  s: Exclude<CallState, { phase: 'idle' }>,
  code: number,
  why: EndReason,
  now: number,
  callTime?: number,
): CallState {
  const counted = s.phase === 'active' ? seconds(s.startedAt, now) : 0;
  return { phase: 'ended', call: s.call, code, why, callTime: callTime ?? counted };
}

/** I end the call (hang up, decline, give up): the server decides the code, this is what it will say. */
function endHere(s: CallState, now: number, why?: EndReason): Step {
  if (s.phase === 'idle' || s.phase === 'ended') return stay(s);
  const answered = s.phase === 'connecting' || s.phase === 'active';
  const code = answered ? CALL_CODE.ended : s.call.caller ? CALL_CODE.cancelled : CALL_CODE.declined;
  const next = ended(s, code, why ?? endReason(code, s.call.caller), now);
  const callTime = next.phase === 'ended' ? next.callTime : 0;
  return {
    state: next,
    effects: [{ kind: 'send', event: 'hangup', call: s.call, code, callTime }, { kind: 'release' }],
  };
}

function incomingCall(event: WebrtcEvent): CallInfo {
  const peer = {
    id: event.fromUser.id,
    name: event.fromUser.displayName || event.fromUser.realname,
    avatar: event.fromUser.avatar,
  };
  return { id: event.id, msgId: event.msg_id, peer, video: event.extends.type === 1, caller: false };
}

/** Answer a call that rings for me at once: glare, both pressed call (the contract's smaller id won). */
function acceptAtOnce(event: WebrtcEvent): Step {
  const call = incomingCall(event);
  return {
    state: { phase: 'connecting', call },
    effects: [
      { kind: 'media', call },
      { kind: 'send', event: 'acceptRtc', call, code: CALL_CODE.answered, callTime: 0 },
    ],
  };
}

function placed(s: CallState, event: WebrtcEvent, now: number): Step {
  if (s.phase !== 'dialing') return stay(s);
  // My hub was already ringing with a call from the same person: the server answers that one.
  if (event.extends.event === 'calling' && event.id !== s.call.id) return acceptAtOnce(event);
  if (event.id !== s.call.id) return stay(s);
  if (event.extends.event === 'busy') {
    const why = event.extends.action === 'offline' ? 'offline' : 'busy';
    return { state: ended(s, CALL_CODE.busy, why, now), effects: [{ kind: 'release' }] };
  }
  return stay({ ...s, call: { ...s.call, msgId: event.msg_id || s.call.msgId } });
}

function receive(s: CallState, event: WebrtcEvent, me: number, now: number): Step {
  const { event: kind, code, callTime, action } = event.extends;
  if (kind === 'calling') {
    // My own call, seen by another of my devices: the server keeps the lock, nothing rings here.
    if (event.fromUser.id === me) return stay(s);
    if (s.phase === 'idle' || s.phase === 'ended') {
      return stay({ phase: 'incoming', call: incomingCall(event), deadline: now + RING_MS });
    }
    if (s.phase === 'dialing' && s.call.peer.id === event.fromUser.id && event.id !== s.call.id)
      return acceptAtOnce(event);
    // Already in a call: the server answered the caller busy; the ring is not mine to show.
    return stay(s);
  }
  if (s.phase === 'idle' || s.phase === 'ended' || event.id !== s.call.id) return stay(s);
  switch (kind) {
    case 'acceptRtc':
      if (s.phase !== 'dialing') return stay(s);
      return {
        state: { phase: 'connecting', call: { ...s.call, msgId: event.msg_id || s.call.msgId } },
        effects: [{ kind: 'negotiate', call: s.call }],
      };
    case 'hangup':
    case 'busy': {
      const final = kind === 'busy' ? CALL_CODE.busy : code;
      return {
        state: ended(s, final, endReason(final, s.call.caller), now, callTime || undefined),
        effects: [{ kind: 'release' }],
      };
    }
    case 'otherOpt': {
      // Another of my devices answered or ended it: this one stops ringing (or leaves the call).
      // The server sends it to every socket of mine, the one of the tab that answered too (an HTTP
      // request names no socket): only a tab still ringing takes an answer as done elsewhere.
      if (action === 'acceptRtc' && s.phase !== 'incoming') return stay(s);
      const final = action === 'acceptRtc' ? CALL_CODE.elsewhere : code;
      const why =
        final === CALL_CODE.elsewhere || action === 'acceptRtc'
          ? endReason(CALL_CODE.elsewhere, s.call.caller)
          : endReason(final, s.call.caller);
      return { state: ended(s, final, why, now, callTime || undefined), effects: [{ kind: 'release' }] };
    }
    default:
      // offer / answer / iceCandidate are the engine's (the store hands them over).
      return stay(s);
  }
}

export function callReducer(s: CallState, a: CallAction): Step {
  switch (a.type) {
    case 'call': {
      if (isBusy(s)) return stay(s);
      const call: CallInfo = { id: a.id, msgId: 0, peer: a.peer, video: a.video, caller: true };
      return {
        state: { phase: 'dialing', call, deadline: a.now + RING_MS },
        effects: [
          { kind: 'media', call },
          { kind: 'send', event: 'calling', call, code: CALL_CODE.calling, callTime: 0 },
        ],
      };
    }
    case 'placed':
      return placed(s, a.event, a.now);
    case 'refused':
      if (!isBusy(s) || s.phase === 'idle' || s.phase === 'ended') return stay(s);
      return {
        state: ended(s, s.call.caller && s.phase === 'dialing' ? CALL_CODE.cancelled : CALL_CODE.declined, 'failed', 0),
        effects: [{ kind: 'release' }],
      };
    case 'accept':
      if (s.phase !== 'incoming') return stay(s);
      return {
        state: { phase: 'connecting', call: s.call },
        effects: [
          { kind: 'media', call: s.call },
          { kind: 'send', event: 'acceptRtc', call: s.call, code: CALL_CODE.answered, callTime: 0 },
        ],
      };
    case 'decline':
      return s.phase === 'incoming' ? endHere(s, 0) : stay(s);
    case 'hangup':
      return endHere(s, a.now);
    case 'timeout':
      if (s.phase === 'dialing') return endHere(s, a.now, 'noAnswer');
      // The callee's ring ran out: the server's alarm records it missed; nothing to send.
      if (s.phase === 'incoming')
        return { state: ended(s, CALL_CODE.missed, 'missed', a.now), effects: [{ kind: 'release' }] };
      return stay(s);
    case 'frame':
      return receive(s, a.event, a.me, a.now);
    case 'connected':
      return s.phase === 'connecting' ? stay({ phase: 'active', call: s.call, startedAt: a.now }) : stay(s);
    case 'mediaError':
      // The caller's media come before `calling`: nothing reached the server yet.
      if (s.phase === 'dialing' && s.call.msgId === 0)
        return { state: ended(s, CALL_CODE.cancelled, 'media', a.now), effects: [{ kind: 'release' }] };
      return endHere(s, a.now, 'media');
    case 'unreachable':
      return endHere(s, a.now, 'unreachable');
    case 'clear':
      return s.phase === 'ended' ? stay(IDLE) : stay(s);
  }
}
