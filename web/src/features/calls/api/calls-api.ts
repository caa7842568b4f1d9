// The endpoints of a call (worker/protocol/calls.ts): signalling through sendToMsg, whose
// answer is the event the server pushed, the ICE servers minted for one call, and which provider
// carries the call's media (P2P, or a RealtimeKit meeting with this participant's token).
import type * as v from 'valibot';

import {
  type CallMeetingResponse,
  CallMeetingResponseSchema,
  type IceServersResponse,
  IceServersResponseSchema,
  type SendToMsgBody,
  type WebrtcEvent,
  WebrtcEventSchema,
} from '@protocol/calls';
import { apiPost } from '@web/lib/api-client';

/** What the web client sends: the contract's body before its defaults apply. */
export type SendToMsgRequest = v.InferInput<typeof SendToMsgBody>;

/**
 * One signal. Media negotiation (offer/answer/candidates) is `quiet`: a lost one is recovered by
 * the ICE restart, so its network failures are not toasted one per candidate.
 */
export function sendToMsg(
  body: SendToMsgRequest,
  options: { quiet?: boolean; keepalive?: boolean } = {},
): Promise<WebrtcEvent> {
  return apiPost('/enterprise/im/sendToMsg', body, WebrtcEventSchema, {
    quietNetwork: options.quiet,
    keepalive: options.keepalive,
  });
}

export function iceServers(id: string): Promise<IceServersResponse> {
  return apiPost('/enterprise/im/iceServers', { id }, IceServersResponseSchema, { quietNetwork: true });
}

export function callMeeting(id: string): Promise<CallMeetingResponse> {
  return apiPost('/enterprise/im/callMeeting', { id }, CallMeetingResponseSchema, { quietNetwork: true });
}
