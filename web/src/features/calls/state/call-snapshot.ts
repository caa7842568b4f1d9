// What the call store publishes: the snapshot the call screens read, and the outcome of a call
// this tab hung up (for the call record).
import type { CallMedia } from '../engine/call-media';
import type { CallState, MediaFailure } from './call-machine';

/** A call's final outcome, as the call record keeps it. */
export interface CallOutcome {
  peer: number;
  callId: string;
  msgId: number;
  code: number;
  callTime: number;
}

export interface CallSnapshot {
  call: CallState;
  /** Why the camera or microphone could not be used, for the screen's explanation. */
  media: { failure: MediaFailure; device: 'camera' | 'microphone' } | null;
  /** The engine (streams, track states), once loaded: P2P, or the RealtimeKit meeting. */
  engine: CallMedia | null;
  /** Bumped when the engine's streams or tracks change. */
  version: number;
}
