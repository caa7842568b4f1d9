// enterprise/im call signalling: sendToMsg and the ICE servers. The
// rules a call's sender meets are checked here; the call state lives in the participants'
// UserHubs (durable/user/call/ops.ts), which relay the `webrtc` frames.
import { Hono } from 'hono';
import * as v from 'valibot';

import { resolveConversation, resolveForSending } from '../actions/conversation-access';
import type { AppEnv, Params } from '../app-env';
import { loadConfig } from '../db/config';
import { cardOf, findUserById } from '../db/users';
import { conversationHub, userHub } from '../durable/stubs';
import type { Signal } from '../durable/user/call/types';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import {
  type CallMeetingResponse,
  IceCandidateSchema,
  IceServersBody,
  type IceServersResponse,
  SendToMsgBody,
  type SendToMsgInput,
  type WebrtcEvent,
} from '../protocol/calls';
import { chatSwitch } from '../protocol/config-values';
import { parseJsonOrNull } from '../protocol/json';
import { addParticipant, realtimeKitOn } from '../providers/realtimekit';
import { SENDER_STATUS, webrtcEvent } from '../services/call-events';
import { envelope, refuse, settled } from '../services/replies';

export const calls = new Hono<AppEnv>();

/** A `calling` rings someone: it counts as much as a forward to five chats; every other signal once. */
const signalLimit = burstLimit('call', (params: Params) => (params.event === 'calling' ? 5 : 1));
/** Ending a call is never limited: the lock must go. */
const ENDS = new Set(['hangup', 'busy']);

calls.post(
  '/sendtomsg',
  (c, next) => (ENDS.has(String(c.get('params').event)) ? next() : signalLimit(c, next)),
  async (c) => {
    const body = input(c, SendToMsgBody);
    const me = c.get('identity').uid;
    const peer = body.toContactId;
    const hub = userHub(c.env, me);
    // Ending a call is always allowed, whatever the rules became meanwhile: the lock must go.
    if (body.event === 'hangup' || body.event === 'busy') {
      const { conversation } = await resolveConversation(c.env.DB, me, String(peer));
      const ended =
        (await hub.callLock('endCall', body.id, peer, body.event)) ??
        (await finalState(c.env, conversation, me, peer, body.id, c.get('me')));
      return c.json(envelope(ended satisfies WebrtcEvent));
    }
    const { chatInfo } = await loadConfig(c.env.DB);
    if (!chatSwitch(chatInfo, 'webrtc')) throw refuse('im.webrtcOff');
    const { conversation } = await resolveForSending(c.env.DB, me, String(peer));
    if (body.event === 'calling') {
      const row = await findUserById(c.env.DB, peer);
      if (!row) throw refuse('user.notExist');
      const placed = await hub.callLock('placeCall', {
        id: body.id,
        conversation,
        type: body.type,
        me: c.get('me'),
        other: cardOf(row),
      });
      return c.json(envelope(settled(placed) satisfies WebrtcEvent));
    }
    if (body.event === 'acceptRtc')
      return c.json(envelope(settled(await hub.callLock('answerCall', body.id, peer)) satisfies WebrtcEvent));
    return c.json(
      envelope(settled(await hub.callLock('relayCall', body.id, peer, signalOf(body))) satisfies WebrtcEvent),
    );
  },
);

calls.post('/iceservers', burstLimit('call'), async (c) => {
  const { id } = input(c, IceServersBody);
  const ice = await userHub(c.env, c.get('identity').uid).callLock('iceServers', id);
  if (!ice) throw refuse('im.callNotFound');
  return c.json(envelope(ice satisfies IceServersResponse));
});

/**
 * Which provider carries the call `id` for a participant: RealtimeKit when its secrets are set (a
 * meeting per call, created by the first to ask, and this user's participant token), else P2P.
 */
calls.post('/callmeeting', burstLimit('call'), async (c) => {
  const { id } = input(c, IceServersBody);
  const me = c.get('identity').uid;
  const hub = userHub(c.env, me);
  if (!realtimeKitOn(c.env)) {
    if (!(await hub.callLock('holdsCall', id))) throw refuse('im.callNotFound');
    return c.json(envelope({ provider: 'p2p' } satisfies CallMeetingResponse));
  }
  const meeting = settled(await hub.callLock('meeting', id, me));
  const authToken = await addParticipant(c.env, meeting, c.get('me')).catch(providerFailed);
  return c.json(envelope({ provider: 'realtimekit', authToken } satisfies CallMeetingResponse));
});

function providerFailed(error: unknown): never {
  console.error('RealtimeKit failed', error);
  throw refuse('system.fail');
}

/** offer/answer carry an SDP (it starts "v=0"), iceCandidate an RTCIceCandidateInit as JSON; nothing else is relayed. */
function signalOf(body: SendToMsgInput): Signal {
  if (body.event === 'offer' || body.event === 'answer') {
    if (!body.sdp || !/^v=0\r?\n/.test(body.sdp)) throw refuse('system.parameterError');
    return { event: body.event, sdp: body.sdp };
  }
  if (body.event !== 'iceCandidate') throw refuse('system.parameterError');
  const candidate = v.safeParse(IceCandidateSchema, parseJsonOrNull(body.iceCandidate ?? ''));
  if (!candidate.success) throw refuse('system.parameterError');
  // Relayed as the server read it: no field the schema does not know travels on.
  return { event: 'iceCandidate', iceCandidate: JSON.stringify(candidate.output) };
}

/** A hangup for a call that is over answers how it ended (idempotent); a call never made is refused. */
async function finalState(
  env: Env,
  conversation: string,
  me: number,
  peer: number,
  id: string,
  card: WebrtcEvent['fromUser'],
): Promise<WebrtcEvent> {
  const record = await conversationHub(env, conversation).callRecord(conversation, me, id);
  if (!record || record.code === 901) throw refuse('im.callNotFound');
  const status = record.caller === me ? SENDER_STATUS.caller : SENDER_STATUS.callee;
  return webrtcEvent(record, card, peer, { event: 'hangup', code: record.code, callTime: record.callTime, status });
}
