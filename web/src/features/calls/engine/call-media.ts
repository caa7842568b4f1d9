// What carries a call's media, as the store and the call screen see it: the P2P WebRTC engine
// (the default) or the RealtimeKit meeting (when the operator configured it). Types only: neither
// module is loaded by importing this one.
import type { CallEngine } from './call-engine';
import type { RealtimeKitEngine } from './realtimekit-engine';

export type CallMedia = CallEngine | RealtimeKitEngine;

/** The P2P engine, or null when the call's media go through a RealtimeKit meeting. */
export const p2pEngine = (media: CallMedia | null): CallEngine | null => (media && 'negotiate' in media ? media : null);
