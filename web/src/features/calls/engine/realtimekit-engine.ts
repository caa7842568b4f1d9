// The RealtimeKit media path: when the server answers callMeeting with a
// participant token, the call's pictures and voices go through the call's Cloudflare RealtimeKit
// meeting (server-routed) instead of a peer connection. The call store imports this module only
// then, and the SDK (about 158 kB gzip) with it, so it never loads on the default P2P path.
// Ringing, answering, hanging up and the call record stay sendToMsg's: only the media change.
// The SDK's API as its type definitions (dist/index.d.ts) state it: init → join, self's
// enable/disable calls, participants.joined with its participant-prefixed events, leave.
import RealtimeKitClient, { type RTKParticipant } from '@cloudflare/realtimekit';

import type { EngineEvents } from './call-engine';

export type MeetingEvents = Pick<EngineEvents, 'onConnected' | 'onUnreachable' | 'onChange'>;

/** Joined, how long the other person may take to join too before they count as unreachable. */
export const PEER_WAIT_MS = 30_000;
/**
 * The ways out of the room that end the call here. Not 'left' (our own leave) nor 'disconnected'
 * (the SDK reconnects; a peer gone for good is ended by the server, which sees their sockets go).
 */
const ENDING = new Set(['kicked', 'ended', 'rejected', 'failed']);

type Meeting = RealtimeKitClient;

/** Makes `stream` hold exactly `tracks` (the SDK owns them: removed ones are not stopped). */
function syncTracks(stream: MediaStream, tracks: (MediaStreamTrack | null | undefined)[]): boolean {
  const wanted = tracks.filter((t): t is MediaStreamTrack => !!t);
  let changed = false;
  for (const track of stream.getTracks()) {
    if (!wanted.includes(track)) {
      stream.removeTrack(track);
      changed = true;
    }
  }
  for (const track of wanted) {
    if (!stream.getTracks().includes(track)) {
      stream.addTrack(track);
      changed = true;
    }
  }
  return changed;
}

export class RealtimeKitEngine {
  /** The other participant's voice and picture, played by the call screen's remote <video>. */
  readonly remote = new MediaStream();
  local: MediaStream | null = null;
  private meeting: Meeting | null = null;
  private stopped = false;
  private connected = false;
  private peerTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly refresh = () => this.sync();

  constructor(
    private readonly video: boolean,
    private readonly events: MeetingEvents,
  ) {}

  /** Joins the meeting `authToken` admits to, with the microphone, and the camera in a video call. */
  async join(authToken: string): Promise<void> {
    const meeting = await RealtimeKitClient.init({ authToken, defaults: { audio: true, video: this.video } });
    if (this.stopped) return void meeting.leave().catch(() => undefined);
    this.meeting = meeting;
    meeting.self.on('audioUpdate', this.refresh);
    meeting.self.on('videoUpdate', this.refresh);
    meeting.self.on('roomLeft', ({ state }) => {
      if (!this.stopped && ENDING.has(state)) this.events.onUnreachable();
    });
    const joined = meeting.participants.joined;
    for (const event of ['participantJoined', 'participantLeft', 'videoUpdate', 'audioUpdate'] as const)
      joined.on(event, this.refresh);
    await meeting.join();
    if (this.stopped) return;
    this.local = new MediaStream();
    this.sync();
    this.peerTimer = setTimeout(() => {
      if (!this.connected && !this.stopped) this.events.onUnreachable();
    }, PEER_WAIT_MS);
  }

  /** The other person: a one-to-one call's meeting has one participant besides me. */
  private peer(): RTKParticipant | null {
    return this.meeting?.participants.joined.values().next().value ?? null;
  }

  private sync(): void {
    const meeting = this.meeting;
    if (!meeting || this.stopped || !this.local) return;
    const { self } = meeting;
    const peer = this.peer();
    const mine = syncTracks(this.local, [self.audioTrack, self.videoEnabled ? self.videoTrack : null]);
    const theirs = syncTracks(
      this.remote,
      peer ? [peer.audioEnabled ? peer.audioTrack : null, peer.videoEnabled ? peer.videoTrack : null] : [],
    );
    if (peer && !this.connected) {
      this.connected = true;
      this.events.onConnected();
    }
    if (mine || theirs) this.events.onChange();
  }

  /** The other person turned their microphone off. */
  get peerMuted(): boolean {
    const peer = this.peer();
    return peer ? !peer.audioEnabled : false;
  }

  /** The other person turned their camera off. */
  get peerCameraOff(): boolean {
    const peer = this.peer();
    return peer ? !peer.videoEnabled : false;
  }

  /** Not muted while joining: the meeting starts with the microphone on. */
  get muted(): boolean {
    return this.meeting ? !this.meeting.self.audioEnabled : false;
  }

  setMuted(muted: boolean): void {
    const self = this.meeting?.self;
    if (!self) return;
    void (muted ? self.disableAudio() : self.enableAudio()).catch(() => undefined).then(() => this.events.onChange());
  }

  get cameraOn(): boolean {
    return this.meeting?.self.videoEnabled ?? false;
  }

  async setCamera(on: boolean): Promise<void> {
    const self = this.meeting?.self;
    if (!self) return;
    await (on ? self.enableVideo() : self.disableVideo()).catch(() => undefined);
    this.sync();
    this.events.onChange();
  }

  /** Front ↔ back: the SDK's next camera. */
  async switchCamera(): Promise<void> {
    const self = this.meeting?.self;
    if (!self) return;
    const current = self.getCurrentDevices().video?.deviceId;
    const next = (await self.getVideoDevices().catch(() => [])).find((d) => d.deviceId !== current);
    if (next) await self.setDevice(next).catch(() => undefined);
    this.sync();
  }

  /** Signalling meant for a peer connection: this path has none. */
  receiveDescription(_description: unknown): void {}
  receiveCandidate(_candidate: unknown): void {}

  /** Hanging up leaves the meeting (the SDK releases the camera and microphone). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.peerTimer) clearTimeout(this.peerTimer);
    void this.meeting?.leave().catch(() => undefined);
  }
}
