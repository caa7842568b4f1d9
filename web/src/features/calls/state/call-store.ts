// The app's one call: the pure machine (call-machine.ts) wired to the network, the realtime
// connection, the phase's timers and tones (call-cues.ts) and the media engine. Started once for a
// signed-in user, so a call rings wherever the user is. The engine (WebRTC) is imported only when a
// call starts; the RealtimeKit engine (and its SDK) only when the server says the call is a
// RealtimeKit meeting.
import * as v from 'valibot';

import { IceCandidateSchema, type WebrtcEvent } from '@protocol/calls';
import { parseJsonOrNull } from '@protocol/json';
import { createStore } from '@web/lib/create-store';
import { newId } from '@web/lib/new-id';

import { iceServers, sendToMsg } from '../api/calls-api';
import { p2pEngine } from '../engine/call-media';
import { PhaseCues } from './call-cues';
import {
  type CallAction,
  type CallEffect,
  type CallInfo,
  type CallPeer,
  callReducer,
  IDLE,
  isBusy,
} from './call-machine';
import { ProviderQuestion } from './call-provider';
import type { CallOutcome, CallSnapshot } from './call-snapshot';

export class CallStore {
  private readonly store = createStore<CallSnapshot>({ call: IDLE, media: null, engine: null, version: 0 });
  private readonly outcomeListeners = new Set<(outcome: CallOutcome) => void>();
  private me = 0;
  private off: (() => void) | null = null;
  private readonly cues = new PhaseCues((action) => this.dispatch(action));
  /** Set while the page is being hidden for good: requests sent then use keepalive. */
  private leaving = false;
  /** Loads the engine module; tests put an in-memory one here. */
  loadEngine: () => Promise<typeof import('../engine/call-engine')> = () => import('../engine/call-engine');
  /** Loads the RealtimeKit engine with the SDK (its own chunk): only for a RealtimeKit call. */
  loadRealtimeKit: () => Promise<typeof import('../engine/realtimekit-engine')> = () =>
    import('../engine/realtimekit-engine');
  private readonly provider = new ProviderQuestion();

  readonly subscribe = this.store.subscribe;
  readonly getSnapshot = this.store.get;
  readonly use = this.store.use;

  private get snapshot(): CallSnapshot {
    return this.store.get();
  }

  /** The final code of a call this tab hung up, from the server's answer (for the call record). */
  onOutcome(listener: (outcome: CallOutcome) => void): () => void {
    this.outcomeListeners.add(listener);
    return () => this.outcomeListeners.delete(listener);
  }

  start(me: number): void {
    if (this.off && this.me === me) return;
    this.stop();
    this.me = me;
    window.addEventListener('pagehide', this.onPageHide);
    this.off = () => window.removeEventListener('pagehide', this.onPageHide);
  }

  /**
   * The tab closes mid-call: hang up now (keepalive lets the request outlive the page). Without it
   * the server ends the call only when my last socket goes, and another open tab keeps one.
   */
  private readonly onPageHide = (event: PageTransitionEvent) => {
    if (event.persisted || !isBusy(this.snapshot.call)) return;
    this.leaving = true;
    this.dispatch(this.snapshot.call.phase === 'incoming' ? { type: 'decline' } : { type: 'hangup', now: Date.now() });
    this.leaving = false;
  };

  stop(): void {
    this.off?.();
    this.off = null;
    this.snapshot.engine?.stop();
    this.update({ call: IDLE, media: null, engine: null });
    this.cues.enter(IDLE, IDLE);
  }

  /** Calls `peer`; false when a call is already going on. */
  call(peer: CallPeer, video: boolean): boolean {
    if (isBusy(this.snapshot.call)) return false;
    this.dispatch({ type: 'call', id: newId(), peer, video, now: Date.now() });
    return true;
  }

  accept = () => this.dispatch({ type: 'accept' });
  decline = () => this.dispatch({ type: 'decline' });
  hangup = () => this.dispatch({ type: 'hangup', now: Date.now() });

  dispatch(action: CallAction): void {
    const before = this.snapshot.call;
    const { state, effects } = callReducer(before, action);
    if (state === before && effects.length === 0) return;
    if (state.phase === 'dialing' && before.phase !== 'dialing') this.update({ media: null });
    this.update({ call: state });
    if (state.phase !== before.phase) this.cues.enter(state, before);
    void this.run(effects);
  }

  /** A webrtc frame (the session's frame table sends each here). */
  receive(event: WebrtcEvent): void {
    const call = this.snapshot.call;
    const engine = this.snapshot.engine;
    if (call.phase !== 'idle' && event.id === call.call.id && engine) {
      const { event: kind, sdp, iceCandidate } = event.extends;
      if ((kind === 'offer' || kind === 'answer') && sdp) engine.receiveDescription({ type: kind, sdp });
      if (kind === 'iceCandidate' && iceCandidate) {
        const parsed = v.safeParse(IceCandidateSchema, parseJsonOrNull(iceCandidate));
        if (parsed.success) engine.receiveCandidate(parsed.output);
      }
    }
    this.dispatch({ type: 'frame', event, me: this.me, now: Date.now() });
  }

  /** Effects run in order: the media before `calling` or `acceptRtc`, the connection after it. */
  private async run(effects: CallEffect[]): Promise<void> {
    for (const effect of effects) {
      if (!(await this.runOne(effect))) return;
    }
  }

  private current(call: CallInfo): boolean {
    const s = this.snapshot.call;
    return s.phase !== 'idle' && s.phase !== 'ended' && s.call.id === call.id;
  }

  private async runOne(effect: CallEffect): Promise<boolean> {
    switch (effect.kind) {
      case 'media':
        return this.startMedia(effect.call);
      case 'negotiate':
        return this.connectMedia(effect.call, 'negotiate');
      case 'release':
        this.snapshot.engine?.stop();
        this.update({ engine: null });
        return true;
      case 'send':
        return this.send(effect);
    }
  }

  private async startMedia(call: CallInfo): Promise<boolean> {
    if (!this.current(call)) return false;
    const loaded = await this.loadEngine().catch(() => null);
    if (!loaded) {
      // The engine's chunk did not load (offline, a new deployment): the call cannot go on.
      if (this.current(call)) this.dispatch({ type: 'mediaError', failure: 'other', now: Date.now() });
      return false;
    }
    const { CallEngine, MediaError } = loaded;
    const engine = new CallEngine(call.video, !call.caller, {
      sendDescription: (d) => void this.signal(call, { event: d.type, sdp: d.sdp }),
      sendCandidate: (c) => void this.signal(call, { event: 'iceCandidate', iceCandidate: JSON.stringify(c) }),
      onConnected: () => this.dispatch({ type: 'connected', now: Date.now() }),
      onUnreachable: () => this.dispatch({ type: 'unreachable', now: Date.now() }),
      onChange: () => this.update({ version: this.snapshot.version + 1 }),
      iceServers: () => iceServers(call.id),
    });
    this.snapshot.engine?.stop();
    this.update({ engine });
    try {
      await engine.acquire();
    } catch (error) {
      if (error instanceof MediaError) this.update({ media: { failure: error.failure, device: error.device } });
      if (this.current(call))
        this.dispatch({
          type: 'mediaError',
          failure: error instanceof MediaError ? error.failure : 'other',
          now: Date.now(),
        });
      return false;
    }
    return this.current(call);
  }

  private body(call: CallInfo) {
    return {
      id: call.id,
      msg_id: call.msgId,
      toContactId: call.peer.id,
      type: call.video ? 1 : 0,
      status: call.caller ? 1 : 2,
    };
  }

  private signal(
    call: CallInfo,
    fields: { event: 'offer' | 'answer' | 'iceCandidate'; sdp?: string; iceCandidate?: string },
  ): Promise<unknown> {
    const latest = this.snapshot.call.phase === 'idle' ? call : this.snapshot.call.call;
    return sendToMsg({ ...this.body(latest.id === call.id ? latest : call), ...fields }, { quiet: true }).catch(
      () => undefined,
    );
  }

  private async send(effect: Extract<CallEffect, { kind: 'send' }>): Promise<boolean> {
    const { call, event, code, callTime } = effect;
    // The callee asks which provider carries the call while its answer travels.
    if (event === 'acceptRtc') void this.provider.ask(call.id);
    const answer = await sendToMsg({ ...this.body(call), event, code, callTime }, { keepalive: this.leaving }).catch(
      () => null,
    );
    if (event === 'hangup') {
      if (answer) {
        const outcome = {
          peer: call.peer.id,
          callId: call.id,
          msgId: answer.msg_id || call.msgId,
          code: answer.extends.code,
          callTime: answer.extends.callTime,
        };
        for (const listener of [...this.outcomeListeners]) listener(outcome);
      }
      return true;
    }
    if (!answer) {
      // Refused (the API client showed why) or the network failed: the call cannot go on.
      if (this.current(call)) this.dispatch({ type: 'refused' });
      return false;
    }
    if (event === 'calling') {
      this.dispatch({ type: 'placed', event: answer, now: Date.now() });
      if (this.snapshot.call.phase === 'dialing' && this.current(call)) void this.provider.ask(call.id);
    }
    // Answered: the media connect now (the caller connects its own on acceptRtc).
    if (event === 'acceptRtc' && this.current(call)) await this.connectMedia(call, 'connect');
    return true;
  }

  /**
   * The answered call's media: P2P builds the peer connection (`connect`, or `negotiate` for the
   * caller's first offer); RealtimeKit replaces the P2P engine by the call's meeting.
   */
  private async connectMedia(call: CallInfo, step: 'connect' | 'negotiate'): Promise<boolean> {
    const answer = await this.provider.ask(call.id);
    if (!this.current(call)) return false;
    if (answer.provider === 'realtimekit') return this.joinMeeting(call, answer.authToken);
    await p2pEngine(this.snapshot.engine)?.[step]();
    return true;
  }

  private async joinMeeting(call: CallInfo, authToken: string): Promise<boolean> {
    const loaded = await this.loadRealtimeKit().catch(() => null);
    if (!this.current(call)) return false;
    const unreachable = () => {
      if (this.current(call)) this.dispatch({ type: 'unreachable', now: Date.now() });
    };
    if (!loaded) {
      unreachable();
      return false;
    }
    const meeting = new loaded.RealtimeKitEngine(call.video, {
      onConnected: () => this.dispatch({ type: 'connected', now: Date.now() }),
      onUnreachable: unreachable,
      onChange: () => this.update({ version: this.snapshot.version + 1 }),
    });
    // The SDK takes the camera and microphone itself: the P2P engine's are released first.
    this.snapshot.engine?.stop();
    this.update({ engine: meeting });
    await meeting.join(authToken).catch(unreachable);
    return this.current(call);
  }

  private update(patch: Partial<CallSnapshot>): void {
    this.store.set((s) => ({ ...s, ...patch }));
  }
}

export const callStore = new CallStore();
