// One-to-one calls: the signalling request, the `webrtc` frame that relays
// it, the call record's codes and the ICE servers answer. Shared by the Worker and the web app.
import * as v from 'valibot';

import { intLike } from './fields';
import { UserCardSchema, WireContactIdSchema } from './wire';

/** A call rings for at most this long before it ends unanswered. */
export const RING_SECONDS = 40;
/** An SDP of an audio+video offer with many candidates stays well under this. */
export const SDP_MAX = 16_384;
/** One ICE candidate, as the JSON string `{candidate, sdpMLineIndex, sdpMid}`. */
const ICE_CANDIDATE_MAX = 2_048;
/** A call longer than a day is not a call: callTime is capped there. */
export const CALL_SECONDS_MAX = 86_400;

/** Result codes of a call. */
export const CALL_CODE = {
  calling: 901,
  cancelled: 902,
  declined: 903,
  answered: 904,
  missed: 905,
  ended: 906,
  busy: 907,
  elsewhere: 908,
} as const;
type CallCode = (typeof CALL_CODE)[keyof typeof CALL_CODE];
const CODES = Object.values(CALL_CODE) as CallCode[];

/** What a client may send (`otherOpt` is the server's own). */
const CALL_EVENTS = ['calling', 'acceptRtc', 'offer', 'answer', 'iceCandidate', 'hangup', 'busy'] as const;
export type CallEvent = (typeof CALL_EVENTS)[number] | 'otherOpt';

/** The call's UUID: made by the caller for `calling`, then used by both sides. */
const callId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'system.parameterError'));

/** `iceCandidate` is a JSON string of an RTCIceCandidateInit; checked here so nothing else is relayed. */
export const IceCandidateSchema = v.object({
  candidate: v.pipe(v.string(), v.maxLength(ICE_CANDIDATE_MAX)),
  sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
  sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  usernameFragment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
});

/** POST /enterprise/im/sendToMsg. The sender is the token's user, never a field. */
export const SendToMsgBody = v.object({
  id: callId,
  msg_id: v.optional(v.pipe(intLike(), v.minValue(0))),
  /** The other person's user id: one-to-one only. */
  toContactId: v.pipe(intLike(), v.minValue(1)),
  /** 1 video, 0 audio. */
  type: v.optional(v.pipe(intLike(), v.picklist([0, 1], 'system.parameterError')), 0),
  status: v.optional(intLike()),
  event: v.picklist(CALL_EVENTS, 'system.parameterError'),
  code: v.optional(v.pipe(intLike(), v.picklist(CODES, 'system.parameterError'))),
  /** Offer/answer SDP; must look like one (starts "v=0"). */
  sdp: v.optional(v.pipe(v.string(), v.maxLength(SDP_MAX, 'system.parameterError'))),
  iceCandidate: v.optional(v.pipe(v.string(), v.maxLength(ICE_CANDIDATE_MAX + 256, 'system.parameterError'))),
  /** Seconds in call, as the client counted (the server counts its own and keeps the smaller). */
  callTime: v.optional(v.pipe(intLike(), v.minValue(0))),
  isMobile: v.optional(v.union([v.boolean(), v.number()])),
});
export type SendToMsgInput = v.InferOutput<typeof SendToMsgBody>;

/** The signalling fields a `webrtc` frame carries in `extends`. */
const CallExtendsSchema = v.object({
  /** 1 video, 0 audio. */
  type: v.number(),
  /** 1 caller, 2 callee; 3 on `calling` as the reference forces. */
  status: v.number(),
  event: v.picklist([...CALL_EVENTS, 'otherOpt']),
  code: v.number(),
  /** Seconds the call lasted (906). */
  callTime: v.number(),
  sdp: v.optional(v.string()),
  iceCandidate: v.optional(v.string()),
  isMobile: v.optional(v.number()),
  /** On `otherOpt`: what my other device did (acceptRtc or hangup). */
  action: v.optional(v.string()),
});

/**
 * The `webrtc` frame's data, and sendToMsg's answer. `toContactId` is the chat
 * the call belongs to for whoever receives it: the other person's id. `msg_id` is the call
 * record's (0 before it exists).
 */
export const WebrtcEventSchema = v.object({
  /** The call's UUID. */
  id: v.string(),
  msg_id: v.number(),
  sendTime: v.number(),
  toContactId: WireContactIdSchema,
  toUser: v.optional(WireContactIdSchema),
  content: v.string(),
  type: v.literal('webrtc'),
  status: v.literal('succeed'),
  is_group: v.literal(0),
  is_read: v.number(),
  fromUser: UserCardSchema,
  at: v.array(v.number()),
  extends: CallExtendsSchema,
});
export type WebrtcEvent = v.InferOutput<typeof WebrtcEventSchema>;

/** What a call record (a stored `webrtc` message) keeps in `extends`: its kind and outcome. */
export interface CallRecordExtends {
  /** The call's UUID. */
  id: string;
  /** 1 video, 0 audio. */
  type: number;
  /** 901 while it rings, then the outcome. */
  code: number;
  callTime: number;
  /** Who called. */
  caller: number;
}

/** POST /enterprise/im/iceServers `{id}`: for a participant of that call only. */
export const IceServersBody = v.object({ id: callId });

const IceServerSchema = v.object({
  urls: v.union([v.string(), v.array(v.string())]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});
export type IceServer = v.InferOutput<typeof IceServerSchema>;
/** `ttl`: seconds the credentials live; a long call asks again before then (setConfiguration). */
export const IceServersResponseSchema = v.object({ iceServers: v.array(IceServerSchema), ttl: v.number() });
export type IceServersResponse = v.InferOutput<typeof IceServersResponseSchema>;

/**
 * POST /enterprise/im/callMeeting `{id}` (participants only): which provider carries the call.
 * `realtimekit` when the operator set its secrets: `authToken` joins the call's meeting with the
 * RealtimeKit SDK; otherwise `p2p` (plain WebRTC with sendToMsg signalling).
 */
export const CallMeetingResponseSchema = v.variant('provider', [
  v.object({ provider: v.literal('p2p') }),
  v.object({ provider: v.literal('realtimekit'), authToken: v.string() }),
]);
export type CallMeetingResponse = v.InferOutput<typeof CallMeetingResponseSchema>;

/** The result code a hang-up stands for, from the call's phase as the server knows it. */
/** How much sooner than the server the caller's ring may run out (its timer starts before the record is stored). */
const RING_SLACK_MS = 2000;

export function hangupCode(phase: 'ringing' | 'active', byCaller: boolean, rangMs = 0): CallCode {
  if (phase === 'active') return CALL_CODE.ended;
  // The caller's countdown ran out (it hangs up at RING_SECONDS, a moment before the callee hub's
  // alarm would): nobody answered, which is 905 for both records, not the caller's own cancel.
  if (byCaller && rangMs >= RING_SECONDS * 1000 - RING_SLACK_MS) return CALL_CODE.missed;
  return byCaller ? CALL_CODE.cancelled : CALL_CODE.declined;
}

/** "mm:ss", or "h:mm:ss" from an hour (the record's duration). */
export function callDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h > 0 ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}
