// The perfect-negotiation pattern (W3C WebRTC §10.7) over one peer connection: either side may
// offer at any time (renegotiation, ICE restart); when both offer at once the polite side (the
// callee) rolls its own offer back and answers, the impolite side (the caller) ignores the other
// offer and keeps its own. Candidates that arrive before a remote description wait for one.
// Written against the few members it uses, so tests drive it with in-memory peers.

export interface Description {
  type: 'offer' | 'answer' | 'pranswer' | 'rollback';
  sdp?: string;
}

export interface Candidate {
  candidate: string;
  sdpMLineIndex?: number | null;
  sdpMid?: string | null;
  usernameFragment?: string | null;
}

/** What the negotiator needs of an RTCPeerConnection. */
export interface NegotiatingPeer {
  readonly signalingState: string;
  readonly localDescription: { type: string; sdp: string } | null;
  readonly remoteDescription: unknown;
  setLocalDescription(description?: Description): Promise<void>;
  setRemoteDescription(description: Description): Promise<void>;
  addIceCandidate(candidate: Candidate): Promise<void>;
  onnegotiationneeded: (() => void) | null;
  onicecandidate: ((event: { candidate: { toJSON(): Candidate } | null }) => void) | null;
}

export interface NegotiatorOptions {
  polite: boolean;
  sendDescription: (description: { type: 'offer' | 'answer'; sdp: string }) => void;
  sendCandidate: (candidate: Candidate) => void;
  onError?: (error: unknown) => void;
}

export class Negotiator {
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private readonly queued: Candidate[] = [];
  /**
   * The caller makes the first offer only once the callee accepted, and the callee waits for that
   * offer: until then a negotiationneeded (tracks added early) is remembered, not acted on.
   */
  private ready = false;
  private needed = false;

  constructor(
    private readonly pc: NegotiatingPeer,
    private readonly options: NegotiatorOptions,
  ) {
    pc.onnegotiationneeded = () => void this.offer();
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.sendCandidate(candidate.toJSON());
    };
  }

  /** Lets offers go out (the caller: after `acceptRtc`); one held back goes now. */
  start(): void {
    this.ready = true;
    if (this.needed) void this.offer();
  }

  private async offer(): Promise<void> {
    if (!this.ready) {
      this.needed = true;
      return;
    }
    this.needed = false;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const local = this.pc.localDescription;
      if (local && local.type === 'offer') this.options.sendDescription({ type: 'offer', sdp: local.sdp });
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.makingOffer = false;
    }
  }

  /** An offer or answer from the other side. */
  async receiveDescription(description: { type: 'offer' | 'answer'; sdp: string }): Promise<void> {
    try {
      const readyForOffer = !this.makingOffer && (this.pc.signalingState === 'stable' || this.settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      this.settingRemoteAnswer = description.type === 'answer';
      // On the polite side a colliding offer rolls back its own (setRemoteDescription does it).
      await this.pc.setRemoteDescription(description);
      this.settingRemoteAnswer = false;
      await this.flushCandidates();
      if (description.type === 'offer') {
        await this.pc.setLocalDescription();
        const local = this.pc.localDescription;
        if (local) this.options.sendDescription({ type: 'answer', sdp: local.sdp });
        // The callee may renegotiate from now on (e.g. turning its camera on). A need it felt
        // before is stale: the browser fires negotiationneeded again if the answer left one.
        this.ready = true;
        this.needed = false;
      }
    } catch (error) {
      this.settingRemoteAnswer = false;
      this.options.onError?.(error);
    }
  }

  async receiveCandidate(candidate: Candidate): Promise<void> {
    if (!this.pc.remoteDescription) {
      this.queued.push(candidate);
      return;
    }
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (error) {
      // Candidates of an offer this side ignored fail to apply: expected, not an error.
      if (!this.ignoreOffer) this.options.onError?.(error);
    }
  }

  private async flushCandidates(): Promise<void> {
    for (const candidate of this.queued.splice(0)) await this.receiveCandidate(candidate);
  }
}
