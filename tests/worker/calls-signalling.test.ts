// Call signalling: only the two participants of a call signal in it; offer, answer and
// ICE candidates reach the other side only, unchanged; the operator's switches and the size and
// shape checks refuse, changing nothing. Real hubs, real sockets.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { SDP_MAX } from '@protocol/calls';

import wranglerToml from '../../wrangler.toml?raw';
import { callId, closeAll, dial, lockOf, person, record, sendToMsg, webrtcFrame, webrtcFrames } from './call-helpers';
import { exhaustLimiter, makeGroup, resetConfig, setConfig } from './helpers';

const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const CANDIDATE = JSON.stringify({
  candidate: 'candidate:842163049 1 udp 1677729535 192.0.2.7 51234 typ srflx raddr 0.0.0.0 rport 0',
  sdpMid: '0',
  sdpMLineIndex: 0,
});

afterEach(resetConfig);

/** a calls b, and b answers on its socket. */
async function inCall() {
  const [a, b] = await Promise.all([person(), person()]);
  const id = callId();
  expect((await dial(a, b, id)).body.code).toBe(0);
  await webrtcFrame(b.socket, id, 'calling');
  expect((await sendToMsg(b.token, { id, toContactId: a.uid, event: 'acceptRtc' })).body.code).toBe(0);
  await webrtcFrame(a.socket, id, 'acceptRtc');
  return { a, b, id };
}

describe('calling', () => {
  it('rings the callee with the record, and tells the caller’s socket a call is going on', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = callId();
    const answer = await dial(a, b, id, 0);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({
      id,
      type: 'webrtc',
      toContactId: b.uid,
      fromUser: { id: a.uid },
      extends: { event: 'calling', code: 901, status: 3, type: 0 },
    });
    expect(answer.body.data.msg_id).toBeGreaterThan(0);
    const ring = await webrtcFrame(b.socket, id, 'calling');
    expect(ring.data).toMatchObject({
      msg_id: answer.body.data.msg_id,
      toContactId: a.uid,
      fromUser: { id: a.uid },
      extends: { status: 3, code: 901 },
    });
    // The record is a message: it reaches both chats as one (and is unread for the callee).
    const simple = await b.socket.next((f) => f.type === 'simple' && f.data.id === id);
    expect(simple.data).toMatchObject({
      type: 'webrtc',
      content: '',
      unread: 1,
      extends: { id, code: 901, caller: a.uid, type: 0 },
    });
    expect((await webrtcFrame(a.socket, id, 'calling')).data.toContactId).toBe(b.uid);
    expect(await lockOf(a.uid)).toMatchObject({ id, role: 'caller', phase: 'ringing' });
    expect(await lockOf(b.uid)).toMatchObject({ id, role: 'callee', phase: 'ringing' });
    // A resent `calling` stores no second record and rings no second call.
    const again = await dial(a, b, id, 0);
    expect(again.body.data.msg_id).toBe(answer.body.data.msg_id);
    const list = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect(list.body.data.extends.code).toBe(902);
    expect((await record(a, b, id)).extends.code).toBe(902);
    closeAll(a, b);
  });
});

describe('who may signal', () => {
  it('refuses a third user, a group, myself, an unknown user and a call the sender is not in', async () => {
    const { a, b, id } = await inCall();
    const c = await person();
    // c names the a–b call, to either of them: not in it.
    for (const to of [a.uid, b.uid]) {
      const offer = await sendToMsg(c.token, { id, toContactId: to, event: 'offer', sdp: SDP });
      expect(offer.body).toMatchObject({ code: 400, msg: 'The call failed' });
      const hangup = await sendToMsg(c.token, { id, toContactId: to, event: 'hangup' });
      expect(hangup.body.code).toBe(400);
      const accept = await sendToMsg(c.token, { id, toContactId: to, event: 'acceptRtc' });
      expect(accept.body.code).toBe(400);
    }
    // a names the call but the wrong peer (c): refused too.
    expect((await sendToMsg(a.token, { id, toContactId: c.uid, event: 'offer', sdp: SDP })).body.code).toBe(400);
    const { group } = await makeGroup([a.uid, b.uid]);
    expect((await sendToMsg(a.token, { id: callId(), toContactId: group, event: 'calling' })).body.code).toBe(400);
    const self = await sendToMsg(a.token, { id: callId(), toContactId: a.uid, event: 'calling' });
    expect(self.body).toMatchObject({ code: 400, msg: 'Invalid parameters' });
    expect((await sendToMsg(a.token, { id: callId(), toContactId: 99_999_999, event: 'calling' })).body.code).toBe(400);
    // Nothing reached anyone, and the call goes on.
    await new Promise((r) => setTimeout(r, 100));
    expect(webrtcFrames(a.socket, id).map((f) => f.data.extends.event)).toEqual(['calling', 'acceptRtc']);
    expect(webrtcFrames(b.socket, id).map((f) => f.data.extends.event)).toEqual(['calling', 'otherOpt']);
    expect(c.socket.frames.filter((f) => f.type === 'webrtc')).toEqual([]);
    expect(await lockOf(a.uid)).toMatchObject({ id, phase: 'active' });
    expect(await lockOf(c.uid)).toBeNull();
    closeAll(a, b, c);
  });

  it('refuses every signal while chatInfo.webrtc or simpleChat is off, in the user’s language', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    await setConfig('chatInfo', { webrtc: '0' });
    const off = await sendToMsg(a.token, { id: callId(), toContactId: b.uid, event: 'calling' });
    expect(off.body).toMatchObject({ code: 400, msg: 'Audio and video calls are not enabled on this system' });
    await setConfig('chatInfo', { simpleChat: '0' });
    const closed = await sendToMsg(a.token, { id: callId(), toContactId: b.uid, event: 'calling' });
    expect(closed.body.code).toBe(400);
    expect(closed.body.msg).toContain('single chat');
    expect(await lockOf(a.uid)).toBeNull();
    expect(await lockOf(b.uid)).toBeNull();
    expect(b.socket.frames.filter((f) => f.type === 'webrtc' || f.type === 'simple')).toEqual([]);
    closeAll(a, b);
  });

  it('keeps relaying refused when webrtc is switched off mid-call, but the hangup still ends it', async () => {
    const { a, b, id } = await inCall();
    await setConfig('chatInfo', { webrtc: '0' });
    expect((await sendToMsg(a.token, { id, toContactId: b.uid, event: 'offer', sdp: SDP })).body.code).toBe(400);
    const hangup = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect(hangup.body).toMatchObject({ code: 0, data: { extends: { event: 'hangup', code: 906 } } });
    expect(await lockOf(b.uid)).toBeNull();
    closeAll(a, b);
  });
});

describe('relay', () => {
  it('takes offer, answer and ICE candidates to the other side only, unchanged, both ways', async () => {
    const { a, b, id } = await inCall();
    const a2 = await (await import('./socket-helpers')).connect(a.token, 'phone');
    const offer = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'offer', sdp: SDP });
    expect(offer.body).toMatchObject({ code: 0, data: { extends: { event: 'offer', sdp: SDP } } });
    expect((await webrtcFrame(b.socket, id, 'offer')).data).toMatchObject({
      toContactId: a.uid,
      fromUser: { id: a.uid },
      extends: { sdp: SDP, status: 1 },
    });
    const answer = await sendToMsg(b.token, { id, toContactId: a.uid, event: 'answer', sdp: SDP });
    expect(answer.body.code).toBe(0);
    expect((await webrtcFrame(a.socket, id, 'answer')).data).toMatchObject({
      toContactId: b.uid,
      extends: { sdp: SDP, status: 2 },
    });
    // A call sends tens of candidates in its first second: all of them get through, in order.
    for (let i = 0; i < 30; i++) {
      const sent = await sendToMsg(b.token, { id, toContactId: a.uid, event: 'iceCandidate', iceCandidate: CANDIDATE });
      expect(sent.body.code).toBe(0);
    }
    await a.socket.until(
      (fs) => fs.filter((f) => f.type === 'webrtc' && f.data.extends.event === 'iceCandidate').length === 30,
    );
    const relayed = webrtcFrames(a.socket, id).find((f) => f.data.extends.event === 'iceCandidate');
    expect(JSON.parse(relayed.data.extends.iceCandidate)).toEqual(JSON.parse(CANDIDATE));
    // Either side may renegotiate (perfect negotiation): the callee's offer reaches the caller.
    expect((await sendToMsg(b.token, { id, toContactId: a.uid, event: 'offer', sdp: SDP })).body.code).toBe(0);
    await webrtcFrame(a.socket, id, 'offer');
    // The sender's own sockets get none of their own signals.
    await new Promise((r) => setTimeout(r, 100));
    expect(
      webrtcFrames(a.socket, id).filter(
        (f) => ['offer', 'iceCandidate'].includes(f.data.extends.event) && f.data.fromUser.id === a.uid,
      ),
    ).toEqual([]);
    expect(
      webrtcFrames(b.socket, id).filter((f) => f.data.fromUser.id === b.uid && f.data.extends.event !== 'otherOpt'),
    ).toEqual([]);
    expect(a2.frames.filter((f) => f.type === 'webrtc' && f.data.extends.event === 'iceCandidate').length).toBe(30);
    a2.close();
    closeAll(a, b);
  });

  it('refuses an oversize or malformed SDP and a malformed candidate, relaying nothing', async () => {
    const { a, b, id } = await inCall();
    const big = `v=0\r\n${'a=x\r\n'.repeat(SDP_MAX / 5)}`;
    expect(big.length).toBeGreaterThan(SDP_MAX);
    const bad = [
      { event: 'offer', sdp: big },
      { event: 'offer', sdp: 'not an sdp' },
      { event: 'offer' },
      { event: 'answer', sdp: '' },
      { event: 'iceCandidate', iceCandidate: 'not json' },
      { event: 'iceCandidate', iceCandidate: JSON.stringify({ sdpMid: '0' }) },
      { event: 'iceCandidate', iceCandidate: JSON.stringify({ candidate: 'x'.repeat(2100) }) },
      { event: 'iceCandidate' },
      { event: 'dance' },
    ];
    for (const body of bad) {
      const answer = await sendToMsg(a.token, { id, toContactId: b.uid, ...body });
      expect(answer.body, JSON.stringify(body).slice(0, 80)).toMatchObject({ code: 400, msg: 'Invalid parameters' });
    }
    // A candidate with a field the schema does not know is relayed without it.
    expect(
      (
        await sendToMsg(a.token, {
          id,
          toContactId: b.uid,
          event: 'iceCandidate',
          iceCandidate: JSON.stringify({ candidate: 'c', sdpMid: '0', sneaky: '<script>' }),
        })
      ).body.code,
    ).toBe(0);
    const relayed = await webrtcFrame(b.socket, id, 'iceCandidate');
    expect(JSON.parse(relayed.data.extends.iceCandidate)).toEqual({ candidate: 'c', sdpMid: '0' });
    expect(webrtcFrames(b.socket, id).map((f) => f.data.extends.event)).toEqual([
      'calling',
      'otherOpt',
      'iceCandidate',
    ]);
    expect(await lockOf(a.uid)).toMatchObject({ id, phase: 'active' });
    closeAll(a, b);
  });
});

describe('rate limit', () => {
  it('allows a real call’s burst (limit in wrangler.toml), refuses past CALL_LIMITER (429) relaying nothing, and never limits a hangup', async () => {
    const block = /name = "CALL_LIMITER"[^[]*?simple = \{ limit = (\d+), period = (\d+) \}/.exec(wranglerToml);
    const [limit, period] = [Number(block![1]), Number(block![2])];
    // Two sides' candidates, offers and an ICE restart or two are a few hundred at most.
    expect(limit / period).toBeGreaterThanOrEqual(5);
    const { a, b, id } = await inCall();
    // a's counter is used up through the binding itself (the rest of this window).
    await exhaustLimiter(env.CALL_LIMITER, `u:${a.uid}`);
    const ring = await sendToMsg(a.token, { id: callId(), toContactId: b.uid, event: 'calling' });
    expect(ring.status).toBe(429);
    const over = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'iceCandidate', iceCandidate: CANDIDATE });
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    await new Promise((r) => setTimeout(r, 100));
    expect(webrtcFrames(b.socket, id).filter((f) => f.data.extends.event === 'iceCandidate')).toEqual([]);
    expect(await lockOf(a.uid)).toMatchObject({ id, phase: 'active' });
    // Ending the call is never limited: the lock must go.
    expect((await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' })).body).toMatchObject({
      code: 0,
      data: { extends: { code: 906 } },
    });
    expect(await lockOf(b.uid)).toBeNull();
    closeAll(a, b);
  });
});
