// One call's media: the camera and microphone, the RTCPeerConnection with perfect negotiation
// (negotiator.ts), ICE restarts when the network changes, ICE credentials refreshed before
// they expire, and a small data channel on which each side says whether its microphone and camera
// are on (a disabled track only sends silence or black, which the other side cannot tell apart). Loaded on demand (the call store imports it dynamically) so none of it weighs on
// the login or chat pages.
import type { IceServersResponse } from '@protocol/calls';

import { getMedia } from './media';
import { type Candidate, type NegotiatingPeer, Negotiator } from './negotiator';

export { cameraCount, MediaError } from './media';

/** After an ICE restart, how long "failed" may last before the peer counts as unreachable. */
export const UNREACHABLE_MS = 15_000;
/** Fresh ICE credentials are asked for this long before they expire. */
const REFRESH_EARLY_S = 60;

export interface EngineEvents {
  sendDescription: (description: { type: 'offer' | 'answer'; sdp: string }) => void;
  sendCandidate: (candidate: Candidate) => void;
  /** connectionState reached 'connected'. */
  onConnected: () => void;
  onUnreachable: () => void;
  /** The streams or track states changed: the screen re-reads them. */
  onChange: () => void;
  iceServers: () => Promise<IceServersResponse>;
}

/** What each side says of itself on the data channel. */
interface PeerState {
  mic: boolean;
  cam: boolean;
}

export class CallEngine {
  readonly remote = new MediaStream();
  local: MediaStream | null = null;
  /** The other side's microphone and camera, as it last said (both on until it says otherwise). */
  private peer: PeerState = { mic: true, cam: true };
  private channel: RTCDataChannel | null = null;
  private pc: RTCPeerConnection | null = null;
  private negotiator: Negotiator | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private failedTimer: ReturnType<typeof setTimeout> | null = null;
  private facing: 'user' | 'environment' = 'user';
  private readonly onOnline = () => this.restartIce();
  private stopped = false;
  private link: () => void = () => {};
  /** Resolves once the peer connection exists; signals received before wait on it, in order. */
  private readonly linked = new Promise<void>((resolve) => {
    this.link = resolve;
  });

  constructor(
    private readonly video: boolean,
    private readonly polite: boolean,
    private readonly events: EngineEvents,
  ) {}

  /** Camera and microphone (a refusal throws a MediaError before the call rings or is accepted). */
  async acquire(): Promise<void> {
    this.local = await getMedia({ audio: true, video: this.video, facing: this.facing });
    if (this.stopped) this.releaseLocal();
    this.events.onChange();
  }

  /**
   * The peer connection, once the call is answered: the ICE endpoint serves only a call the
   * server holds as answered or ringing. Signals that arrive earlier wait for it.
   */
  async connect(): Promise<void> {
    if (this.pc || this.stopped) return;
    const ice = await this.events.iceServers().catch(() => null);
    if (this.stopped || this.pc) return;
    const pc = new RTCPeerConnection({ iceServers: ice?.iceServers ?? [] });
    this.pc = pc;
    this.negotiator = new Negotiator(pc as unknown as NegotiatingPeer, {
      polite: this.polite,
      sendDescription: this.events.sendDescription,
      sendCandidate: this.events.sendCandidate,
    });
    pc.ontrack = ({ track }) => {
      this.remote.addTrack(track);
      track.onmute = track.onunmute = () => this.events.onChange();
      this.events.onChange();
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') this.events.onConnected();
    };
    pc.oniceconnectionstatechange = () => this.watchIce(pc.iceConnectionState);
    // The caller opens the channel (it goes into the first offer); the callee receives it.
    if (this.polite) pc.ondatachannel = ({ channel }) => this.useChannel(channel);
    else this.useChannel(pc.createDataChannel('state'));
    window.addEventListener('online', this.onOnline);
    for (const track of this.local?.getTracks() ?? []) pc.addTrack(track, this.local!);
    if (ice) this.scheduleRefresh(ice.ttl);
    this.link();
  }

  /** The caller's first offer (after the callee accepted). */
  async negotiate(): Promise<void> {
    await this.connect();
    this.negotiator?.start();
  }

  receiveDescription(description: { type: 'offer' | 'answer'; sdp: string }): void {
    void this.linked.then(() => this.negotiator?.receiveDescription(description));
  }

  receiveCandidate(candidate: Candidate): void {
    void this.linked.then(() => this.negotiator?.receiveCandidate(candidate));
  }

  private watchIce(state: RTCIceConnectionState): void {
    if (state === 'failed') {
      this.restartIce();
      this.failedTimer ??= setTimeout(() => {
        if (this.pc?.iceConnectionState === 'failed' || this.pc?.iceConnectionState === 'disconnected')
          this.events.onUnreachable();
      }, UNREACHABLE_MS);
    } else if (state === 'connected' || state === 'completed') {
      if (this.failedTimer) clearTimeout(this.failedTimer);
      this.failedTimer = null;
    }
  }

  /** A new ICE round: negotiationneeded fires and the negotiator makes the offer. */
  private restartIce(): void {
    this.pc?.restartIce();
  }

  private scheduleRefresh(ttl: number): void {
    const wait = Math.max(30, ttl - REFRESH_EARLY_S) * 1000;
    this.timers.push(
      setTimeout(() => {
        void this.events.iceServers().then(
          (fresh) => {
            if (!this.pc || this.stopped) return;
            this.pc.setConfiguration({ ...this.pc.getConfiguration(), iceServers: fresh.iceServers });
            this.scheduleRefresh(fresh.ttl);
          },
          () => this.scheduleRefresh(REFRESH_EARLY_S * 2),
        );
      }, wait),
    );
  }

  private useChannel(channel: RTCDataChannel): void {
    this.channel = channel;
    channel.onopen = () => this.sayState();
    channel.onmessage = ({ data }) => {
      const said = parseState(data);
      if (!said) return;
      this.peer = said;
      this.events.onChange();
    };
  }

  /** Tells the other side whether my microphone and camera are on. */
  private sayState(): void {
    if (this.channel?.readyState !== 'open') return;
    this.channel.send(JSON.stringify({ mic: !this.muted, cam: this.cameraOn } satisfies PeerState));
  }

  /** The other side turned its microphone off. */
  get peerMuted(): boolean {
    return !this.peer.mic;
  }

  /** The other side turned its camera off (its picture would be black). */
  get peerCameraOff(): boolean {
    return !this.peer.cam;
  }

  get muted(): boolean {
    return !(this.local?.getAudioTracks().some((t) => t.enabled) ?? false);
  }

  setMuted(muted: boolean): void {
    for (const track of this.local?.getAudioTracks() ?? []) track.enabled = !muted;
    this.sayState();
    this.events.onChange();
  }

  get cameraOn(): boolean {
    return this.local?.getVideoTracks().some((t) => t.enabled && t.readyState === 'live') ?? false;
  }

  /** Camera on or off; turning it on in a voice call adds a track, which renegotiates. */
  async setCamera(on: boolean): Promise<void> {
    const current = this.local?.getVideoTracks()[0];
    if (current) {
      current.enabled = on;
    } else if (on && this.pc && this.local) {
      const stream = await getMedia({ audio: false, video: true, facing: this.facing });
      const track = stream.getVideoTracks()[0];
      if (!track) return;
      this.local.addTrack(track);
      this.pc.addTrack(track, this.local);
    }
    this.sayState();
    this.events.onChange();
  }

  /** Front ↔ back camera: the new track replaces the old one in place (no renegotiation). */
  async switchCamera(): Promise<void> {
    const old = this.local?.getVideoTracks()[0];
    if (!old || !this.local) return;
    this.facing = this.facing === 'user' ? 'environment' : 'user';
    const stream = await getMedia({ audio: false, video: true, facing: this.facing });
    const track = stream.getVideoTracks()[0];
    if (!track) return;
    const sender = this.pc?.getSenders().find((s) => s.track === old);
    await sender?.replaceTrack(track);
    this.local.removeTrack(old);
    old.stop();
    this.local.addTrack(track);
    this.events.onChange();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    if (this.failedTimer) clearTimeout(this.failedTimer);
    window.removeEventListener('online', this.onOnline);
    this.pc?.close();
    this.pc = null;
    this.releaseLocal();
    for (const track of this.remote.getTracks()) track.stop();
  }

  private releaseLocal(): void {
    for (const track of this.local?.getTracks() ?? []) track.stop();
  }
}

/** `{mic, cam}` as the other side sent it; anything else is ignored. */
function parseState(data: unknown): PeerState | null {
  try {
    const x = JSON.parse(String(data)) as Partial<PeerState>;
    return typeof x.mic === 'boolean' && typeof x.cam === 'boolean' ? { mic: x.mic, cam: x.cam } : null;
  } catch {
    return null;
  }
}
