// The optional RealtimeKit provider as the call store drives it: the store asks
// callMeeting once the call is placed or accepted; 'p2p' goes on with the WebRTC engine and never
// loads the SDK; 'realtimekit' joins the call's meeting with the participant token (audio, and
// video for a video call), puts the other participant's tracks in the stream the remote <video>
// plays, maps mute and camera to the SDK's disable/enable calls, and leaves on hang up.
//
// The SDK is a hand fake of the few members the engine uses (init, join, leave, self, the joined
// participants and their events), shaped after its dist/index.d.ts. The package's own
// `@cloudflare/realtimekit/mock` was tried first: its setupStubs swaps window.WebSocket,
// RTCPeerConnection and fetch for stand-ins, but its fetch answers `{}` to every REST call, so
// the real init() fails in jsdom ("ERR0001 … reading 'meeting'"), and the global fetch it replaces
// is the one the app's API client needs. The WebRTC engine is an in-memory stand-in (as in
// calls-store.test.ts); the network is the stubbed fetch; frames are fed as the session's frame table does.
import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ME, PEER, PEER_CARD, webrtc } from './calls-fakes';
import { mockApi } from './helpers';

const sdk = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  class Emitter {
    private readonly handlers = new Map<string, Handler[]>();
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
  }
  class Track {
    muted = false;
    enabled = true;
    constructor(
      readonly kind: 'audio' | 'video',
      readonly owner: string,
    ) {}
  }
  class Participant {
    audioEnabled = false;
    videoEnabled = false;
    readonly audioTrack = new Track('audio', 'peer');
    readonly videoTrack = new Track('video', 'peer');
    constructor(readonly id: string) {}
  }
  /** participants.joined: a Map that emits, the participant first (the SDK's prefixed events). */
  class Joined extends Map<string, Participant> {
    private readonly events = new Emitter();
    on(event: string, handler: Handler) {
      this.events.on(event, handler);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      this.events.emit(event, ...args);
    }
  }
  class Self extends Emitter {
    audioEnabled: boolean;
    videoEnabled: boolean;
    readonly audioTrack = new Track('audio', 'me');
    readonly videoTrack = new Track('video', 'me');
    readonly calls: string[] = [];
    constructor(defaults: { audio: boolean; video: boolean }) {
      super();
      this.audioEnabled = defaults.audio;
      this.videoEnabled = defaults.video;
    }
    private toggle(kind: 'audio' | 'video', on: boolean) {
      this.calls.push(`${on ? 'enable' : 'disable'}${kind === 'audio' ? 'Audio' : 'Video'}`);
      if (kind === 'audio') this.audioEnabled = on;
      else this.videoEnabled = on;
      this.emit(
        `${kind}Update`,
        kind === 'audio'
          ? { audioEnabled: on, audioTrack: this.audioTrack }
          : { videoEnabled: on, videoTrack: this.videoTrack },
      );
    }
    enableAudio = async () => this.toggle('audio', true);
    disableAudio = async () => this.toggle('audio', false);
    enableVideo = async () => this.toggle('video', true);
    disableVideo = async () => this.toggle('video', false);
  }
  class Meeting {
    readonly self: Self;
    readonly participants = { joined: new Joined() };
    joined = false;
    left = false;
    constructor(readonly options: { authToken: string; defaults: { audio: boolean; video: boolean } }) {
      this.self = new Self(options.defaults);
    }
    async join() {
      this.joined = true;
    }
    async leave() {
      this.left = true;
    }
    /** The other participant joins the meeting, with their microphone on. */
    peerJoins(): Participant {
      const peer = new Participant('peer-8');
      peer.audioEnabled = true;
      this.participants.joined.set(peer.id, peer);
      this.participants.joined.emit('participantJoined', peer);
      return peer;
    }
    peerVideo(peer: Participant, on: boolean) {
      peer.videoEnabled = on;
      this.participants.joined.emit('videoUpdate', peer, { videoEnabled: on, videoTrack: peer.videoTrack });
    }
  }
  const state = { imported: 0, meetings: [] as Meeting[], refuse: false };
  const init = async (options: Meeting['options']) => {
    if (state.refuse) throw new Error('[ERR0004]: {Client} Invalid auth token');
    const meeting = new Meeting(options);
    state.meetings.push(meeting);
    return meeting;
  };
  return { state, init };
});

// Counting evaluations of the module: the P2P path must never import it.
vi.mock('@cloudflare/realtimekit', () => {
  sdk.state.imported += 1;
  return { default: { init: sdk.init } };
});

class FakeStream {
  private tracks: MediaStreamTrack[] = [];
  getTracks = () => [...this.tracks];
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (t: MediaStreamTrack) => void this.tracks.push(t);
  removeTrack = (t: MediaStreamTrack) => void (this.tracks = this.tracks.filter((x) => x !== t));
}

/** The P2P engine's stand-in: records whether the peer connection was built. */
class FakeEngine {
  static made: FakeEngine[] = [];
  connected = false;
  negotiated = false;
  stopped = false;
  remote = new FakeStream();
  local = new FakeStream();
  muted = false;
  cameraOn = true;
  constructor(readonly video: boolean) {
    FakeEngine.made.push(this);
  }
  async acquire() {}
  async connect() {
    this.connected = true;
  }
  async negotiate() {
    this.negotiated = true;
  }
  receiveDescription() {}
  receiveCandidate() {}
  stop() {
    this.stopped = true;
  }
}

let provider: Record<string, unknown>;
let sent: Record<string, unknown>[];
let asked: Record<string, unknown>[];

/** A store as the app runs it, from freshly loaded modules (so the SDK's import is counted per test). */
async function newStore() {
  const { CallStore } = await import('../../web/src/features/calls/state/call-store');
  const store = new CallStore();
  store.loadEngine = async () => ({ CallEngine: FakeEngine, MediaError: Error }) as never;
  const loadRealtimeKit = vi.spyOn(store, 'loadRealtimeKit');
  store.start(ME);
  // The session's frame table hands each webrtc frame to the store.
  const deliver = (data: ReturnType<typeof webrtc>) => store.receive(data);
  return { store, deliver, loadRealtimeKit };
}

type Store = Awaited<ReturnType<typeof newStore>>['store'];

/** Places a video (or voice) call and lets the callee accept it. */
async function placeAndAnswer(video = true) {
  const made = await newStore();
  made.store.call(PEER_CARD, video);
  await vi.waitFor(() => expect(asked).toHaveLength(1));
  const id = (made.store.getSnapshot().call as { call: { id: string } }).call.id;
  made.deliver(webrtc('acceptRtc', { id, code: 904, video }));
  return { ...made, id };
}

/** Rings this device with a call and accepts it. */
async function acceptIncoming(video: boolean) {
  const made = await newStore();
  made.deliver(webrtc('calling', { video }));
  made.store.accept();
  return made;
}

const meeting = () => sdk.state.meetings.at(-1)!;
const engineOf = (store: Store) => store.getSnapshot().engine!;

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('MediaStream', FakeStream);
  sdk.state.imported = 0;
  sdk.state.meetings = [];
  sdk.state.refuse = false;
  FakeEngine.made = [];
  provider = { provider: 'p2p' };
  sent = [];
  asked = [];
  mockApi({
    '/enterprise/im/sendToMsg': (body) => {
      sent.push(body);
      if (body.event === 'hangup')
        return webrtc('hangup', { from: ME, toContactId: PEER, id: String(body.id), code: 906, callTime: 5 });
      return webrtc(body.event as never, { from: ME, toContactId: PEER, id: String(body.id) });
    },
    '/enterprise/im/callMeeting': (body) => {
      asked.push(body);
      return provider;
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("provider 'p2p' (the default)", () => {
  it('the caller asks once its call is placed, negotiates with the WebRTC engine and never loads the SDK', async () => {
    const { store, id, loadRealtimeKit } = await placeAndAnswer();
    await vi.waitFor(() => expect(FakeEngine.made[0]!.negotiated).toBe(true));
    expect(asked).toEqual([{ id }]);
    expect(loadRealtimeKit).not.toHaveBeenCalled();
    expect(sdk.state.imported).toBe(0);
    expect(engineOf(store)).toBe(FakeEngine.made[0]);
    store.stop();
  });

  it('the callee asks as it accepts and builds its peer connection; a failed question counts as p2p', async () => {
    mockApi({
      '/enterprise/im/sendToMsg': (body) =>
        webrtc(body.event as never, { from: ME, toContactId: PEER, id: String(body.id) }),
      '/enterprise/im/callMeeting': () => new Response('', { status: 502 }),
    });
    const { store, loadRealtimeKit } = await acceptIncoming(true);
    await vi.waitFor(() => expect(FakeEngine.made[0]!.connected).toBe(true));
    expect(loadRealtimeKit).not.toHaveBeenCalled();
    expect(sdk.state.imported).toBe(0);
    store.stop();
  });
});

describe("provider 'realtimekit'", () => {
  beforeEach(() => {
    provider = { provider: 'realtimekit', authToken: 'token-of-7' };
  });

  it('the caller joins the meeting with its token, microphone and camera on, in place of the P2P engine', async () => {
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    expect(sdk.state.imported).toBe(1);
    expect(meeting().options).toEqual({ authToken: 'token-of-7', defaults: { audio: true, video: true } });
    const p2p = FakeEngine.made[0]!;
    expect(p2p.negotiated).toBe(false);
    expect(p2p.stopped).toBe(true);
    expect(engineOf(store)).not.toBe(p2p);
    expect(store.getSnapshot().call.phase).toBe('connecting');
    store.stop();
  });

  it('the callee of a voice call joins with the microphone only', async () => {
    const { store } = await acceptIncoming(false);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    expect(meeting().options.defaults).toEqual({ audio: true, video: false });
    expect(FakeEngine.made[0]!.connected).toBe(false);
    store.stop();
  });

  it('the call is active once the other person joins; their voice and picture play in the remote <video>', async () => {
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    const peer = meeting().peerJoins();
    expect(store.getSnapshot().call.phase).toBe('active');
    const { CallVideos } = await import('../../web/src/features/calls/components/call-videos');
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const engine = engineOf(store);
    expect(engine.remote.getTracks()).toEqual([peer.audioTrack]);
    meeting().peerVideo(peer, true);
    expect(engine.remote.getVideoTracks()).toEqual([peer.videoTrack]);
    render(
      createElement(CallVideos, {
        remote: engine.remote,
        local: engine.local,
        version: store.getSnapshot().version,
        showRemote: true,
        showLocal: true,
        swapped: false,
        onSwap: () => {},
      }),
    );
    const remote = screen.getByTestId('remote-video') as HTMLVideoElement;
    expect(remote.srcObject).toBe(engine.remote);
    expect((remote.srcObject as unknown as FakeStream).getTracks()).toEqual([peer.audioTrack, peer.videoTrack]);
    expect((screen.getByTestId('local-video') as HTMLVideoElement).srcObject).toBe(engine.local);
    expect(engine.local!.getVideoTracks()).toEqual([meeting().self.videoTrack]);
    // Their camera off: the picture leaves the stream (the screen shows the avatar again).
    meeting().peerVideo(peer, false);
    expect(engine.remote.getVideoTracks()).toEqual([]);
    store.stop();
  });

  it("mute and camera map to the SDK's disableAudio/enableAudio and disableVideo/enableVideo", async () => {
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    const engine = engineOf(store);
    expect(engine.muted).toBe(false);
    expect(engine.cameraOn).toBe(true);
    engine.setMuted(true);
    await vi.waitFor(() => expect(engine.muted).toBe(true));
    engine.setMuted(false);
    await vi.waitFor(() => expect(engine.muted).toBe(false));
    await engine.setCamera(false);
    expect(engine.cameraOn).toBe(false);
    expect(engine.local!.getVideoTracks()).toEqual([]);
    await engine.setCamera(true);
    expect(meeting().self.calls).toEqual(['disableAudio', 'enableAudio', 'disableVideo', 'enableVideo']);
    expect(engine.local!.getVideoTracks()).toEqual([meeting().self.videoTrack]);
    store.stop();
  });

  it('hanging up leaves the meeting and signals the hang-up as before', async () => {
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    meeting().peerJoins();
    store.hangup();
    await vi.waitFor(() => expect(meeting().left).toBe(true));
    expect(sent.map((b) => b.event)).toEqual(['calling', 'hangup']);
    expect(sent[1]).toMatchObject({ code: 906 });
    expect(store.getSnapshot().engine).toBeNull();
    store.stop();
  });

  it('a token the SDK refuses ends the call as unreachable (hung up), not stuck connecting', async () => {
    sdk.state.refuse = true;
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', why: 'unreachable' }));
    await vi.waitFor(() => expect(sent.map((b) => b.event)).toEqual(['calling', 'hangup']));
    store.stop();
  });

  it('the SDK leaving the room by failure ends the call; a disconnection it recovers from does not', async () => {
    const { store } = await placeAndAnswer(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    meeting().peerJoins();
    meeting().self.emit('roomLeft', { state: 'disconnected' });
    expect(store.getSnapshot().call.phase).toBe('active');
    meeting().self.emit('roomLeft', { state: 'failed' });
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', why: 'unreachable' });
    await vi.waitFor(() => expect(meeting().left).toBe(true));
    store.stop();
  });

  it('joined, but the other person never comes: unreachable after the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { store } = await acceptIncoming(true);
    await vi.waitFor(() => expect(meeting()?.joined).toBe(true));
    const { PEER_WAIT_MS } = await import('../../web/src/features/calls/engine/realtimekit-engine');
    await vi.advanceTimersByTimeAsync(PEER_WAIT_MS - 1000);
    expect(store.getSnapshot().call.phase).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.getSnapshot().call).toMatchObject({ phase: 'ended', why: 'unreachable' });
    expect(meeting().left).toBe(true);
    store.stop();
  });
});

describe('where the SDK may be imported', () => {
  // Read as text (as import-boundaries.test.ts does): the build keeps a module reached only
  // through import() out of the chunks that import it.
  const SOURCES = Object.entries(
    import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  );

  it('only engine/realtimekit-engine.ts imports @cloudflare/realtimekit, and nothing imports that module but by import()', () => {
    const sdkUsers = SOURCES.filter(([, source]) =>
      /from\s+['"]@cloudflare\/realtimekit['"]|import\(\s*['"]@cloudflare\/realtimekit/.test(source),
    ).map(([file]) => file);
    expect(sdkUsers).toEqual(['../../web/src/features/calls/engine/realtimekit-engine.ts']);
    const staticUsers = SOURCES.filter(([, source]) =>
      /^import\s+(?!type\b)[^;]*from\s+['"][^'"]*realtimekit-engine['"]/m.test(source),
    ).map(([file]) => file);
    expect(staticUsers).toEqual([]);
    const dynamicUsers = SOURCES.filter(([, source]) =>
      /import\(\s*['"][^'"]*realtimekit-engine['"]\s*\)/.test(source),
    ).map(([file]) => file);
    expect(dynamicUsers).toEqual(['../../web/src/features/calls/state/call-store.ts']);
  });
});
