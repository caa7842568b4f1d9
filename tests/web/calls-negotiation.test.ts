// @vitest-environment node
// Perfect negotiation (features/calls/engine/negotiator.ts) between two in-memory peer connections
// that follow the offer/answer state rules of RTCPeerConnection: both offer at once (glare), the
// polite callee rolls back and answers, the impolite caller ignores the other offer, and both end
// stable. Also: the caller's first offer waits for acceptRtc, candidates wait for a description.
import { describe, expect, it } from 'vitest';

import {
  type Candidate,
  type Description,
  type NegotiatingPeer,
  Negotiator,
} from '../../web/src/features/calls/engine/negotiator';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The offer/answer rules of RTCPeerConnection, with what happened written down. */
class FakePeer implements NegotiatingPeer {
  signalingState: 'stable' | 'have-local-offer' | 'have-remote-offer' = 'stable';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: Description | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON(): Candidate } | null }) => void) | null = null;
  /** Remote offers applied, with the state each found (have-local-offer: an implicit rollback). */
  readonly offersApplied: string[] = [];
  readonly candidates: Candidate[] = [];
  /** Something changed that the other side must learn of (tracks, an ICE restart). */
  private needs = false;
  private count = 0;

  constructor(readonly name: string) {}

  /** Like adding a track: negotiation is needed, and the browser says so. */
  change(): void {
    this.needs = true;
    queueMicrotask(() => this.onnegotiationneeded?.());
  }

  async setLocalDescription(description?: Description): Promise<void> {
    await tick();
    const type = description?.type ?? (this.signalingState === 'have-remote-offer' ? 'answer' : 'offer');
    if (type === 'offer') {
      if (this.signalingState === 'have-remote-offer')
        throw new Error(`${this.name}: InvalidStateError (offer in have-remote-offer)`);
      this.localDescription = { type, sdp: `v=0 offer from ${this.name} #${++this.count}` };
      this.signalingState = 'have-local-offer';
    } else {
      if (this.signalingState !== 'have-remote-offer')
        throw new Error(`${this.name}: InvalidStateError (answer in ${this.signalingState})`);
      this.localDescription = { type, sdp: `v=0 answer from ${this.name}` };
      this.signalingState = 'stable';
      // The browser re-checks after returning to stable: a change not yet negotiated fires again.
      if (this.needs) queueMicrotask(() => this.onnegotiationneeded?.());
    }
  }

  async setRemoteDescription(description: Description): Promise<void> {
    await tick();
    if (description.type === 'offer') {
      if (this.signalingState === 'have-remote-offer')
        throw new Error(`${this.name}: InvalidStateError (second remote offer)`);
      this.offersApplied.push(this.signalingState);
      if (this.signalingState === 'have-local-offer') this.localDescription = null; // rolled back
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
    } else {
      if (this.signalingState !== 'have-local-offer')
        throw new Error(`${this.name}: InvalidStateError (answer in ${this.signalingState})`);
      this.remoteDescription = description;
      this.signalingState = 'stable';
      this.needs = false;
    }
  }

  async addIceCandidate(candidate: Candidate): Promise<void> {
    if (!this.remoteDescription) throw new Error(`${this.name}: InvalidStateError (candidate before a description)`);
    this.candidates.push(candidate);
  }
}

/** The signalling server between them: messages wait here until the test lets them through. */
function pair() {
  const queue: { to: 'caller' | 'callee'; run: () => Promise<void> }[] = [];
  const errors: unknown[] = [];
  const caller = new FakePeer('caller');
  const callee = new FakePeer('callee');
  const sent = { caller: [] as string[], callee: [] as string[] };
  const make = (pc: FakePeer, polite: boolean, self: 'caller' | 'callee', other: () => Negotiator): Negotiator =>
    new Negotiator(pc, {
      polite,
      sendDescription: (d) => {
        sent[self].push(d.type);
        queue.push({ to: self === 'caller' ? 'callee' : 'caller', run: () => other().receiveDescription(d) });
      },
      sendCandidate: (c) =>
        queue.push({ to: self === 'caller' ? 'callee' : 'caller', run: () => other().receiveCandidate(c) }),
      onError: (error) => errors.push(error),
    });
  const negotiators: { caller?: Negotiator; callee?: Negotiator } = {};
  negotiators.caller = make(caller, false, 'caller', () => negotiators.callee!);
  negotiators.callee = make(callee, true, 'callee', () => negotiators.caller!);
  /** Lets every message through, and those they cause, until nothing moves. */
  async function settle() {
    for (let round = 0; round < 50; round += 1) {
      for (let i = 0; i < 5; i += 1) await tick();
      if (!queue.length) return;
      for (const message of queue.splice(0)) await message.run();
    }
    throw new Error('negotiation never settled');
  }
  return { caller, callee, a: negotiators.caller, b: negotiators.callee, sent, errors, settle, queue };
}

describe('perfect negotiation', () => {
  it('the caller offers first only once started (after acceptRtc); the callee answers; both stable', async () => {
    const p = pair();
    p.caller.change();
    await p.settle();
    expect(p.sent.caller).toEqual([]);
    p.a.start();
    await p.settle();
    expect(p.sent).toEqual({ caller: ['offer'], callee: ['answer'] });
    expect([p.caller.signalingState, p.callee.signalingState]).toEqual(['stable', 'stable']);
    expect(p.errors).toEqual([]);
  });

  it("the callee does not offer before the caller's first offer, even with its tracks added", async () => {
    const p = pair();
    p.callee.change();
    await p.settle();
    expect(p.sent.callee).toEqual([]);
  });

  it('glare: both offer at once — the polite callee rolls back and answers, the impolite caller ignores, both end stable', async () => {
    const p = pair();
    p.caller.change();
    p.a.start();
    await p.settle();
    // Both renegotiate at the same moment (camera turned on here, ICE restart there).
    p.caller.change();
    p.callee.change();
    for (let i = 0; i < 5; i += 1) await tick();
    expect([p.caller.signalingState, p.callee.signalingState]).toEqual(['have-local-offer', 'have-local-offer']);
    await p.settle();
    // The callee applied the caller's offer over its own (rollback); the caller never applied one in have-local-offer.
    expect(p.callee.offersApplied).toContain('have-local-offer');
    expect(p.caller.offersApplied).not.toContain('have-local-offer');
    expect([p.caller.signalingState, p.callee.signalingState]).toEqual(['stable', 'stable']);
    // The callee's change still went through afterwards, as its own offer answered by the caller.
    expect(p.sent.callee.filter((t) => t === 'offer').length).toBeGreaterThanOrEqual(2);
    expect(p.caller.remoteDescription?.sdp).toMatch(/offer from callee/);
    expect(p.errors).toEqual([]);
  });

  it('either side may renegotiate later (the callee turns its camera on)', async () => {
    const p = pair();
    p.caller.change();
    p.a.start();
    await p.settle();
    p.callee.change();
    await p.settle();
    expect(p.sent.callee).toEqual(['answer', 'offer']);
    expect(p.sent.caller).toEqual(['offer', 'answer']);
    expect([p.caller.signalingState, p.callee.signalingState]).toEqual(['stable', 'stable']);
  });

  it('queues candidates that arrive before a remote description and applies them after it', async () => {
    const p = pair();
    await p.b.receiveCandidate({
      candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    });
    expect(p.callee.candidates).toEqual([]);
    p.caller.change();
    p.a.start();
    await p.settle();
    expect(p.callee.candidates.map((c) => c.candidate)).toEqual(['candidate:1 1 udp 1 10.0.0.1 5000 typ host']);
    expect(p.errors).toEqual([]);
  });
});
