// The app's call store around the pure machine: tones and vibration as the settings say, the
// 40 s ring ending by itself, the outcome shown for a moment then cleared, signalling frames
// handed to the engine (malformed candidates dropped), my hang-up's final code passed on for the
// call record, a refused camera explained, and a hang-up that outlives a closing tab. fetch is stubbed; frames are fed as the
// session's frame table does (receive); the engine is an in-memory stand-in; tones are recorded, not played.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ENDED_SHOW_MS } from '../../web/src/features/calls/state/call-cues';
import { CallStore } from '../../web/src/features/calls/state/call-store';
import { storage } from '../../web/src/lib/storage';
import { CALL_ID, ME, PEER, PEER_CARD, webrtc } from './calls-fakes';
import { mockApi } from './helpers';

const tones = vi.hoisted(() => ({ playTone: vi.fn(() => () => undefined), vibrate: vi.fn() }));
vi.mock('../../web/src/features/calls/utils/tones', () => tones);

class FakeEngine {
  static made: FakeEngine[] = [];
  static refuse: Error | null = null;
  descriptions: unknown[] = [];
  candidates: unknown[] = [];
  stopped = false;
  remote = { getVideoTracks: () => [], getTracks: () => [] };
  local = null;
  constructor(
    readonly video: boolean,
    readonly polite: boolean,
  ) {
    FakeEngine.made.push(this);
  }
  async acquire() {
    if (FakeEngine.refuse) throw FakeEngine.refuse;
  }
  async connect() {}
  async negotiate() {}
  receiveDescription(d: unknown) {
    this.descriptions.push(d);
  }
  receiveCandidate(c: unknown) {
    this.candidates.push(c);
  }
  stop() {
    this.stopped = true;
  }
}
class FakeMediaError extends Error {
  constructor(
    readonly failure: string,
    readonly device: string,
  ) {
    super(failure);
  }
}

let deliver: (data: ReturnType<typeof webrtc>) => void;
let sent: Record<string, unknown>[];

function newStore() {
  const store = new CallStore();
  store.loadEngine = async () => ({ CallEngine: FakeEngine, MediaError: FakeMediaError }) as never;
  store.start(ME);
  // The session's frame table hands each webrtc frame to the store.
  deliver = (data) => store.receive(data);
  return store;
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeEngine.made = [];
  FakeEngine.refuse = null;
  tones.playTone.mockClear();
  tones.vibrate.mockClear();
  sent = [];
  mockApi({
    '/enterprise/im/sendToMsg': (body) => {
      sent.push(body);
      if (body.event === 'hangup')
        return webrtc('hangup', {
          from: ME,
          toContactId: PEER,
          id: String(body.id),
          code: 906,
          callTime: 61,
          msgId: 55,
        });
      return webrtc(body.event as never, { from: ME, toContactId: PEER, id: String(body.id), msgId: 55 });
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ringing', () => {
  it('plays the ringtone with sound on and does not vibrate with vibration off (the defaults)', () => {
    const store = newStore();
    deliver(webrtc('calling'));
    expect(store.getSnapshot().call.phase).toBe('incoming');
    expect(tones.playTone).toHaveBeenCalledWith('ringtone');
    expect(tones.vibrate).not.toHaveBeenCalledWith(true);
    store.stop();
  });

  it('never touches vibration while it is off, through a whole ring and its end (no console errors on a phone)', async () => {
    const store = newStore();
    deliver(webrtc('calling'));
    await vi.advanceTimersByTimeAsync(40_000 + ENDED_SHOW_MS);
    expect(store.getSnapshot().call.phase).toBe('idle');
    expect(tones.vibrate).not.toHaveBeenCalled();
    store.stop();
  });

  it('with sound off and vibration on: no ringtone, it vibrates', () => {
    storage.setAppSetting({ voiceStatus: false, vibrateStatus: true, circleAvatar: false });
    const store = newStore();
    deliver(webrtc('calling'));
    expect(tones.playTone).not.toHaveBeenCalledWith('ringtone');
    expect(tones.vibrate).toHaveBeenCalledWith(true);
    store.stop();
  });

  it("the callee's ring ends by itself after 40 s as missed, sending nothing, and clears after the moment shown", async () => {
    const store = newStore();
    deliver(webrtc('calling'));
    await vi.advanceTimersByTimeAsync(40_000);
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', code: 905, why: 'missed' });
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(ENDED_SHOW_MS);
    expect(store.getSnapshot().call.phase).toBe('idle');
  });
});

describe('dialing', () => {
  it('plays the ring-back, and after 40 s without an answer hangs up (902) as "No answer"', async () => {
    const store = newStore();
    store.call(PEER_CARD, false);
    await settle();
    expect(tones.playTone).toHaveBeenCalledWith('ringback');
    expect(sent.map((b) => b.event)).toEqual(['calling']);
    expect(sent[0]).toMatchObject({ toContactId: PEER, type: 0, status: 1, code: 901 });
    await vi.advanceTimersByTimeAsync(39_000);
    expect(store.getSnapshot().call.phase).toBe('dialing');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', code: 902, why: 'noAnswer' });
    await settle();
    expect(sent.map((b) => b.event)).toEqual(['calling', 'hangup']);
    expect(sent[1]).toMatchObject({ code: 902, msg_id: 55 });
    expect(FakeEngine.made[0]!.stopped).toBe(true);
  });

  it('a refused camera explains itself and sends nothing', async () => {
    FakeEngine.refuse = new FakeMediaError('denied', 'camera');
    const store = newStore();
    store.call(PEER_CARD, true);
    await settle();
    expect(store.getSnapshot().media).toEqual({ failure: 'denied', device: 'camera' });
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', why: 'media' });
    expect(sent).toEqual([]);
    store.stop();
  });

  it('refuses a second call while one is going on', async () => {
    const store = newStore();
    expect(store.call(PEER_CARD, false)).toBe(true);
    expect(store.call({ ...PEER_CARD, id: 9 }, false)).toBe(false);
    store.stop();
  });
});

describe('in a call', () => {
  async function answered() {
    const store = newStore();
    deliver(webrtc('calling', { video: true }));
    store.accept();
    await settle();
    return store;
  }

  it("hands the peer's offer and valid candidates of this call to the engine; drops malformed ones and other calls'", async () => {
    const store = await answered();
    const engine = FakeEngine.made[0]!;
    deliver(webrtc('offer', { sdp: 'v=0 offer' }));
    deliver(webrtc('offer', { id: 'other-call-77', sdp: 'v=0 not ours' }));
    deliver(
      webrtc('iceCandidate', {
        iceCandidate: JSON.stringify({
          candidate: 'candidate:1 1 udp 1 10.0.0.2 9 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
        }),
      }),
    );
    deliver(webrtc('iceCandidate', { iceCandidate: '{not json' }));
    deliver(webrtc('iceCandidate', { iceCandidate: JSON.stringify({ sdpMid: '0' }) }));
    expect(engine.descriptions).toEqual([{ type: 'offer', sdp: 'v=0 offer' }]);
    expect(engine.candidates).toEqual([
      { candidate: 'candidate:1 1 udp 1 10.0.0.2 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    ]);
    store.stop();
  });

  it('closing the tab mid-call hangs up at once, with a request that outlives the page (keepalive)', async () => {
    const store = await answered();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    const hangups = vi.mocked(fetch).mock.calls.filter(([, init]) => JSON.parse(String(init!.body)).event === 'hangup');
    expect(hangups).toHaveLength(1);
    expect(hangups[0]![1]).toMatchObject({ keepalive: true });
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', code: 906 });
    store.stop();
  });

  it('a page kept in the back-forward cache (persisted) does not end the call', async () => {
    const store = await answered();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(store.getSnapshot().call.phase).toBe('connecting');
    store.stop();
  });

  it("my hang-up passes the server's final code and duration on for the call record", async () => {
    const store = await answered();
    const outcomes: unknown[] = [];
    store.onOutcome((o) => outcomes.push(o));
    store.hangup();
    await settle();
    expect(outcomes).toEqual([{ peer: PEER, callId: CALL_ID, msgId: 55, code: 906, callTime: 61 }]);
    store.stop();
  });
});
