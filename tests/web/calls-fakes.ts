// Factories for the call tests: `webrtc` events parsed with the protocol's own schema (a test can
// push only what the server could), and the two people of a call.
import * as v from 'valibot';

import { type CallEvent, type WebrtcEvent, WebrtcEventSchema } from '@protocol/calls';

export const ME = 7;
export const PEER = 8;
export const CALL_ID = 'call-0001-aaaa';

interface EventOptions {
  id?: string;
  msgId?: number;
  /** Who the frame is from (the requesting user). */
  from?: number;
  /** The chat it belongs to, for whoever receives it. */
  toContactId?: number;
  video?: boolean;
  code?: number;
  callTime?: number;
  action?: string;
  sdp?: string;
  iceCandidate?: string;
}

export function webrtc(event: CallEvent, o: EventOptions = {}): WebrtcEvent {
  const from = o.from ?? PEER;
  return v.parse(WebrtcEventSchema, {
    id: o.id ?? CALL_ID,
    msg_id: o.msgId ?? 55,
    sendTime: 1_700_000_000_000,
    toContactId: o.toContactId ?? (from === ME ? PEER : from),
    content: '',
    type: 'webrtc',
    status: 'succeed',
    is_group: 0,
    is_read: 0,
    fromUser: {
      id: from,
      user_id: from,
      realname: `Real ${from}`,
      displayName: `User ${from}`,
      avatar: `/a/${from}.png`,
    },
    at: [],
    extends: {
      type: o.video === false ? 0 : 1,
      status: event === 'calling' ? 3 : 1,
      event,
      code: o.code ?? 901,
      callTime: o.callTime ?? 0,
      ...(o.action ? { action: o.action } : {}),
      ...(o.sdp ? { sdp: o.sdp } : {}),
      ...(o.iceCandidate ? { iceCandidate: o.iceCandidate } : {}),
    },
  });
}

export const PEER_CARD = { id: PEER, name: 'User 8', avatar: '/a/8.png' };

/**
 * A call engine that does nothing, for screens that only need a call to run (the media path is
 * calls-engine's own test): granted media with no tracks, microphone open, camera on.
 */
export class QuietEngine {
  remote = { getVideoTracks: () => [], getTracks: () => [] };
  local = { getTracks: () => [] };
  muted = false;
  cameraOn = true;
  async acquire() {}
  async connect() {}
  async negotiate() {}
  receiveDescription() {}
  receiveCandidate() {}
  stop() {}
}

/** callStore.loadEngine for QuietEngine. */
export const loadQuietEngine = async () => ({ CallEngine: QuietEngine, MediaError: class extends Error {} }) as never;
