// The call engine around RTCPeerConnection (jsdom has none: a recording stand-in here): what it
// asks getUserMedia for, how a refusal comes back, ICE servers from the endpoint and refreshed
// with setConfiguration before their ttl ends, an ICE restart when ICE fails or the browser comes
// back online, and "unreachable" when ICE stays failed for 15 s after the restart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CallEngine, MediaError, UNREACHABLE_MS } from '../../web/src/features/calls/engine/call-engine';

class FakeTrack {
  enabled = true;
  readyState = 'live';
  muted = false;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
    this.readyState = 'ended';
  }
}

class FakeStream {
  tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (t: FakeTrack) => void this.tracks.push(t);
  removeTrack = (t: FakeTrack) => void (this.tracks = this.tracks.filter((x) => x !== t));
}

/** A data channel whose other end is the test: `sent` is what the engine said, `hear` what it is told. */
class FakeChannel {
  readyState = 'connecting';
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly label: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  open() {
    this.readyState = 'open';
    this.onopen?.();
  }
  hear(data: unknown) {
    this.onmessage?.({ data });
  }
}

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  channels: FakeChannel[] = [];
  ondatachannel: ((event: { channel: FakeChannel }) => void) | null = null;
  iceConnectionState = 'new';
  connectionState = 'new';
  signalingState = 'stable';
  localDescription = null;
  remoteDescription = null;
  restarts = 0;
  added: FakeTrack[] = [];
  configurations: unknown[] = [];
  closed = false;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate = null;
  ontrack = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  addTrack(track: FakeTrack) {
    this.added.push(track);
  }
  restartIce() {
    this.restarts += 1;
  }
  createDataChannel(label: string) {
    const channel = new FakeChannel(label);
    this.channels.push(channel);
    return channel;
  }
  getConfiguration() {
    return this.config;
  }
  setConfiguration(config: unknown) {
    this.configurations.push(config);
  }
  getSenders() {
    return [];
  }
  close() {
    this.closed = true;
  }
  ice(state: string) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

const getUserMedia = vi.fn(
  async (constraints: MediaStreamConstraints) =>
    new FakeStream([
      ...(constraints.audio ? [new FakeTrack('audio')] : []),
      ...(constraints.video ? [new FakeTrack('video')] : []),
    ]),
);

function engine(
  video: boolean,
  iceServers = vi.fn(async () => ({ iceServers: [{ urls: 'stun:stun.example.org:3478' }], ttl: 600 })),
  polite = false,
) {
  const events = {
    sendDescription: vi.fn(),
    sendCandidate: vi.fn(),
    onConnected: vi.fn(),
    onUnreachable: vi.fn(),
    onChange: vi.fn(),
    iceServers,
  };
  return { engine: new CallEngine(video, polite, events), events };
}

beforeEach(() => {
  FakePeerConnection.made = [];
  getUserMedia.mockClear();
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices: async () => [] },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the call engine', () => {
  it('asks for the microphone with echo cancellation, and the camera only for a video call', async () => {
    await engine(false).engine.acquire();
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({ audio: { echoCancellation: true }, video: false });
    await engine(true).engine.acquire();
    expect(getUserMedia.mock.calls[1]![0]).toMatchObject({
      audio: { echoCancellation: true },
      video: { facingMode: 'user' },
    });
  });

  it('turns a refusal into a MediaError naming the device (denied / not found)', async () => {
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    await expect(engine(true).engine.acquire()).rejects.toMatchObject({ failure: 'denied', device: 'camera' });
    getUserMedia.mockRejectedValueOnce(Object.assign(new Error('none'), { name: 'NotFoundError' }));
    const refused = engine(false).engine.acquire();
    await expect(refused).rejects.toBeInstanceOf(MediaError);
    await expect(refused).rejects.toMatchObject({ failure: 'notFound', device: 'microphone' });
  });

  it("builds the connection with the endpoint's ICE servers and sends my tracks; says when it connects", async () => {
    const { engine: e, events } = engine(true);
    await e.acquire();
    await e.connect();
    const pc = FakePeerConnection.made[0]!;
    expect(pc.config).toEqual({ iceServers: [{ urls: 'stun:stun.example.org:3478' }] });
    expect(pc.added.map((t) => t.kind)).toEqual(['audio', 'video']);
    pc.connectionState = 'connected';
    pc.onconnectionstatechange?.();
    expect(events.onConnected).toHaveBeenCalledOnce();
    e.stop();
    expect(pc.closed).toBe(true);
    expect((e.local as unknown as FakeStream).tracks.every((t) => t.stopped)).toBe(true);
  });

  it('refreshes the ICE credentials with setConfiguration a minute before their ttl ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const iceServers = vi
      .fn()
      .mockResolvedValueOnce({
        iceServers: [{ urls: 'turn:t.example.org', username: 'u1', credential: 'c1' }],
        ttl: 300,
      })
      .mockResolvedValueOnce({
        iceServers: [{ urls: 'turn:t.example.org', username: 'u2', credential: 'c2' }],
        ttl: 300,
      });
    const { engine: e } = engine(false, iceServers);
    await e.acquire();
    await e.connect();
    const pc = FakePeerConnection.made[0]!;
    await vi.advanceTimersByTimeAsync(239_000);
    expect(pc.configurations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(pc.configurations).toEqual([
      { iceServers: [{ urls: 'turn:t.example.org', username: 'u2', credential: 'c2' }] },
    ]);
    e.stop();
  });

  it('restarts ICE when it fails or the browser comes back online; unreachable after 15 s still failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine: e, events } = engine(false);
    await e.acquire();
    await e.connect();
    const pc = FakePeerConnection.made[0]!;
    window.dispatchEvent(new Event('online'));
    expect(pc.restarts).toBe(1);
    pc.ice('failed');
    expect(pc.restarts).toBe(2);
    await vi.advanceTimersByTimeAsync(UNREACHABLE_MS - 1);
    expect(events.onUnreachable).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events.onUnreachable).toHaveBeenCalledOnce();
    e.stop();
  });

  it('is not unreachable when the restart brings ICE back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { engine: e, events } = engine(false);
    await e.acquire();
    await e.connect();
    const pc = FakePeerConnection.made[0]!;
    pc.ice('failed');
    pc.ice('connected');
    await vi.advanceTimersByTimeAsync(UNREACHABLE_MS * 2);
    expect(events.onUnreachable).not.toHaveBeenCalled();
    e.stop();
  });

  it("mutes by disabling the microphone track, and turns a voice call's camera on by adding a track", async () => {
    const { engine: e } = engine(false);
    await e.acquire();
    await e.connect();
    e.setMuted(true);
    expect(e.muted).toBe(true);
    expect(e.cameraOn).toBe(false);
    await e.setCamera(true);
    expect(FakePeerConnection.made[0]!.added.map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(e.cameraOn).toBe(true);
    e.stop();
  });

  it('says on a data channel whether my microphone and camera are on, and hears the other side say it', async () => {
    // The caller opens the channel; it says its state once open and again on every change.
    const { engine: caller } = engine(true);
    await caller.acquire();
    await caller.connect();
    const mine = FakePeerConnection.made[0]!.channels[0]!;
    expect(mine.label).toBe('state');
    mine.open();
    caller.setMuted(true);
    await caller.setCamera(false);
    expect(mine.sent).toEqual([
      { mic: true, cam: true },
      { mic: false, cam: true },
      { mic: false, cam: false },
    ]);

    // The callee takes the channel the caller opened, and shows what it hears; nonsense changes nothing.
    const { engine: callee, events } = engine(true, undefined, true);
    await callee.acquire();
    await callee.connect();
    const pc = FakePeerConnection.made[1]!;
    expect(pc.channels).toEqual([]);
    const theirs = new FakeChannel('state');
    pc.ondatachannel?.({ channel: theirs });
    expect([callee.peerMuted, callee.peerCameraOff]).toEqual([false, false]);
    theirs.hear(JSON.stringify({ mic: false, cam: true }));
    expect([callee.peerMuted, callee.peerCameraOff]).toEqual([true, false]);
    expect(events.onChange).toHaveBeenCalled();
    theirs.hear('{"mic":"no"}');
    theirs.hear('not json');
    expect([callee.peerMuted, callee.peerCameraOff]).toEqual([true, false]);
    theirs.hear(JSON.stringify({ mic: true, cam: false }));
    expect([callee.peerMuted, callee.peerCameraOff]).toEqual([false, true]);
  });
});
