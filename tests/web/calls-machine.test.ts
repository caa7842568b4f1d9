// @vitest-environment node
// The call state machine (features/calls/state/call-machine.ts) through every phase, and every
// result code 902–908 as each side words it. Pure: actions and frames in, state and effects out.
import { describe, expect, it } from 'vitest';

import { CALL_CODE, RING_SECONDS } from '@protocol/calls';

import { type CallAction, callReducer, type CallState, IDLE } from '../../web/src/features/calls/state/call-machine';
import { CALL_ID, ME, PEER, PEER_CARD, webrtc } from './calls-fakes';

const T0 = 1_000_000;

function run(start: CallState, ...actions: CallAction[]) {
  let state = start;
  const effects: unknown[] = [];
  for (const action of actions) {
    const step = callReducer(state, action);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const frame = (event: Parameters<typeof webrtc>[0], o: Parameters<typeof webrtc>[1] = {}, now = T0): CallAction => ({
  type: 'frame',
  event: webrtc(event, o),
  me: ME,
  now,
});
const dial = (video = true): CallAction => ({ type: 'call', id: CALL_ID, peer: PEER_CARD, video, now: T0 });
const placed = (o: Parameters<typeof webrtc>[1] = {}): CallAction => ({
  type: 'placed',
  event: webrtc('calling', { from: ME, toContactId: PEER, ...o }),
  now: T0,
});
const kinds = (effects: unknown[]) =>
  effects.map((e) => {
    const x = e as { kind: string; event?: string; code?: number };
    return x.kind === 'send' ? `send ${x.event} ${x.code}` : x.kind;
  });

const dialing = () => run(IDLE, dial(), placed()).state;
const ringing = (video = true) => run(IDLE, frame('calling', { video })).state;
const inCall = (caller: boolean) =>
  caller
    ? run(dialing(), frame('acceptRtc', { code: 904 }), { type: 'connected', now: T0 + 1000 }).state
    : run(ringing(), { type: 'accept' }, { type: 'connected', now: T0 + 1000 }).state;

describe('the caller', () => {
  it('dials: gets the media, sends calling, rings for RING_SECONDS and keeps the record id the server answers', () => {
    const { state, effects } = run(IDLE, dial(), placed({ msgId: 91 }));
    expect(state).toMatchObject({
      phase: 'dialing',
      deadline: T0 + RING_SECONDS * 1000,
      call: { id: CALL_ID, msgId: 91, caller: true, video: true, peer: PEER_CARD },
    });
    expect(kinds(effects)).toEqual(['media', 'send calling 901']);
  });

  it('goes dialing → connecting on acceptRtc (and makes the first offer) → active when the peer connection connects', () => {
    const accepted = run(dialing(), frame('acceptRtc', { code: 904 }));
    expect(accepted.state.phase).toBe('connecting');
    expect(kinds(accepted.effects)).toEqual(['negotiate']);
    const active = run(accepted.state, { type: 'connected', now: T0 + 5000 });
    expect(active.state).toMatchObject({ phase: 'active', startedAt: T0 + 5000 });
  });

  it('902: hanging up while it rings cancels ("Cancelled"); the 40 s running out says "No answer"', () => {
    const cancel = run(dialing(), { type: 'hangup', now: T0 + 3000 });
    expect(cancel.state).toMatchObject({ phase: 'ended', code: CALL_CODE.cancelled, why: 'cancelled' });
    expect(kinds(cancel.effects)).toEqual(['send hangup 902', 'release']);
    const timeout = run(dialing(), { type: 'timeout', now: T0 + 40_000 });
    expect(timeout.state).toMatchObject({ phase: 'ended', code: CALL_CODE.cancelled, why: 'noAnswer' });
    expect(kinds(timeout.effects)).toEqual(['send hangup 902', 'release']);
  });

  it('903: the callee declines → "Declined", without sending anything back', () => {
    const { state, effects } = run(dialing(), frame('hangup', { code: 903 }));
    expect(state).toMatchObject({ phase: 'ended', code: 903, why: 'declined' });
    expect(kinds(effects)).toEqual(['release']);
  });

  it('905: the server\'s alarm ends it unanswered → "No answer"', () => {
    expect(run(dialing(), frame('hangup', { code: 905 })).state).toMatchObject({
      phase: 'ended',
      code: 905,
      why: 'noAnswer',
    });
  });

  it('906: either side hangs up a call going on, with the duration', () => {
    const mine = run(inCall(true), { type: 'hangup', now: T0 + 1000 + 65_000 });
    expect(mine.state).toMatchObject({ phase: 'ended', code: 906, why: 'ended', callTime: 65 });
    expect(mine.effects).toContainEqual(
      expect.objectContaining({ kind: 'send', event: 'hangup', code: 906, callTime: 65 }),
    );
    const theirs = run(inCall(true), frame('hangup', { code: 906, callTime: 64 }));
    expect(theirs.state).toMatchObject({ phase: 'ended', code: 906, callTime: 64 });
  });

  it('907: the answer to calling says busy or offline → "Busy with each other" / "They\'re not online"', () => {
    const busy = run(IDLE, dial(), {
      type: 'placed',
      event: webrtc('busy', { from: ME, toContactId: PEER, code: 907, action: 'busy' }),
      now: T0,
    });
    expect(busy.state).toMatchObject({ phase: 'ended', code: 907, why: 'busy' });
    const offline = run(IDLE, dial(), {
      type: 'placed',
      event: webrtc('busy', { from: ME, toContactId: PEER, code: 907, action: 'offline' }),
      now: T0,
    });
    expect(offline.state).toMatchObject({ phase: 'ended', code: 907, why: 'offline' });
    expect(kinds(offline.effects)).toEqual(['media', 'send calling 901', 'release']);
  });

  it('908: another of my devices ended it → "Handled on another device"', () => {
    const { state } = run(dialing(), frame('otherOpt', { from: ME, toContactId: PEER, code: 908, action: 'hangup' }));
    expect(state).toMatchObject({ phase: 'ended', code: 908, why: 'elsewhere' });
  });

  it('a refused calling (calls off, already in a call elsewhere) ends at once without a hang-up', () => {
    const { state, effects } = run(IDLE, dial(), { type: 'refused' });
    expect(state).toMatchObject({ phase: 'ended', why: 'failed' });
    expect(kinds(effects)).toEqual(['media', 'send calling 901', 'release']);
  });

  it('a refused camera before calling ends it with nothing sent', () => {
    const { state, effects } = run(IDLE, dial(), { type: 'mediaError', failure: 'denied', now: T0 });
    expect(state).toMatchObject({ phase: 'ended', why: 'media' });
    expect(kinds(effects)).toEqual(['media', 'send calling 901', 'release']);
  });

  it('an unreachable peer (ICE failed after a restart) hangs up with the reason', () => {
    const { state, effects } = run(inCall(true), { type: 'unreachable', now: T0 + 31_000 });
    expect(state).toMatchObject({ phase: 'ended', code: 906, why: 'unreachable', callTime: 30 });
    expect(kinds(effects)).toEqual(['send hangup 906', 'release']);
  });

  it('cannot dial while a call is going on', () => {
    const before = dialing();
    expect(run(before, { ...dial(), id: 'another-call-1' } as CallAction).state).toBe(before);
  });
});

describe('the callee', () => {
  it("rings on calling with the caller's card and the kind of call, for RING_SECONDS", () => {
    expect(ringing(false)).toMatchObject({
      phase: 'incoming',
      deadline: T0 + RING_SECONDS * 1000,
      call: {
        id: CALL_ID,
        msgId: 55,
        caller: false,
        video: false,
        peer: { id: PEER, name: 'User 8', avatar: '/a/8.png' },
      },
    });
  });

  it('accepts: media, then acceptRtc with 904 → connecting → active', () => {
    const accepted = run(ringing(), { type: 'accept' });
    expect(accepted.state.phase).toBe('connecting');
    expect(kinds(accepted.effects)).toEqual(['media', 'send acceptRtc 904']);
    expect(run(accepted.state, { type: 'connected', now: T0 + 2000 }).state.phase).toBe('active');
  });

  it('902: the caller gave up → "Missed call"', () => {
    expect(run(ringing(), frame('hangup', { code: 902 })).state).toMatchObject({
      phase: 'ended',
      code: 902,
      why: 'missed',
    });
  });

  it('903: declining sends the hang-up → "Declined"', () => {
    const { state, effects } = run(ringing(), { type: 'decline' });
    expect(state).toMatchObject({ phase: 'ended', code: 903, why: 'declined' });
    expect(kinds(effects)).toEqual(['send hangup 903', 'release']);
  });

  it('905: the ring runs out here → "Missed call", nothing sent (the server\'s alarm records it); or the server says so', () => {
    const local = run(ringing(), { type: 'timeout', now: T0 + 40_000 });
    expect(local.state).toMatchObject({ phase: 'ended', code: 905, why: 'missed' });
    expect(kinds(local.effects)).toEqual(['release']);
    expect(run(ringing(), frame('hangup', { code: 905 })).state).toMatchObject({ code: 905, why: 'missed' });
  });

  it('906: hanging up a call going on sends 906 with the seconds counted', () => {
    const { state, effects } = run(inCall(false), { type: 'hangup', now: T0 + 1000 + 10_400 });
    expect(state).toMatchObject({ phase: 'ended', code: 906, why: 'ended', callTime: 10 });
    expect(kinds(effects)).toEqual(['send hangup 906', 'release']);
  });

  it('907: a busy answered on my other device → "Busy"', () => {
    expect(
      run(ringing(), frame('otherOpt', { from: ME, toContactId: PEER, code: 907, action: 'hangup' })).state,
    ).toMatchObject({ code: 907, why: 'busy' });
  });

  it('908: answered on another of my devices → this one stops ringing: "Answered on another device"', () => {
    const { state, effects } = run(
      ringing(),
      frame('otherOpt', { from: ME, toContactId: PEER, code: 908, action: 'acceptRtc' }),
    );
    expect(state).toMatchObject({ phase: 'ended', code: 908, why: 'answeredElsewhere' });
    expect(kinds(effects)).toEqual(['release']);
  });

  it('the tab that answered ignores the otherOpt of its own answer (the server sends it to every socket of mine)', () => {
    const answered = run(ringing(), { type: 'accept' }).state;
    expect(answered.phase).toBe('connecting');
    expect(
      run(answered, frame('otherOpt', { from: ME, toContactId: PEER, code: 908, action: 'acceptRtc' })).state,
    ).toBe(answered);
    const active = inCall(false);
    expect(run(active, frame('otherOpt', { from: ME, toContactId: PEER, code: 908, action: 'acceptRtc' })).state).toBe(
      active,
    );
  });

  it('ignores a second calling (another id) while in a call: the server already answered that caller busy', () => {
    const before = inCall(false);
    expect(run(before, frame('calling', { id: 'other-call-22', from: 9 })).state).toBe(before);
  });

  it('does not ring for my own call seen by another of my devices', () => {
    expect(run(IDLE, frame('calling', { from: ME, toContactId: PEER })).state).toBe(IDLE);
  });

  it('ignores frames of another call id', () => {
    const before = ringing();
    expect(run(before, frame('hangup', { id: 'stale-call-99', code: 902 })).state).toBe(before);
  });
});

describe('after the end', () => {
  it('shows the outcome, then clears to idle; a new call may ring meanwhile', () => {
    const ended = run(dialing(), frame('hangup', { code: 903 })).state;
    expect(run(ended, { type: 'clear' }).state).toBe(IDLE);
    expect(run(ended, frame('calling', { id: 'next-call-01' })).state.phase).toBe('incoming');
  });
});

describe('glare: both press call', () => {
  it('dialing X and a calling from X arrives → accepts it at once as the callee', () => {
    const { state, effects } = run(dialing(), frame('calling', { id: 'aaa-their-call', from: PEER, msgId: 77 }));
    expect(state).toMatchObject({ phase: 'connecting', call: { id: 'aaa-their-call', caller: false, msgId: 77 } });
    expect(kinds(effects)).toEqual(['media', 'send acceptRtc 904']);
  });

  it('my calling answered with their ringing call instead (my hub was ringing) → accepts that one', () => {
    const { state, effects } = run(IDLE, dial(), {
      type: 'placed',
      event: webrtc('calling', { id: 'their-call-01', from: PEER }),
      now: T0,
    });
    expect(state).toMatchObject({ phase: 'connecting', call: { id: 'their-call-01', caller: false } });
    expect(kinds(effects)).toEqual(['media', 'send calling 901', 'media', 'send acceptRtc 904']);
  });

  it('a calling from someone else while dialing is not glare: it is ignored', () => {
    const before = dialing();
    expect(run(before, frame('calling', { id: 'third-party-1', from: 9 })).state).toBe(before);
  });
});
