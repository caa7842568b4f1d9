// A call's life on the server: the lock (busy 907, another terminal in a call), the
// offline callee, the 40 s ring ended by the UserHub's alarm (run with runDurableObjectAlarm
// rather than waited for), otherOpt to the user's other devices, the record's outcome and
// duration for every code, the end of a call whose last socket closed or died, and glare.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { RING_SECONDS } from '@protocol/calls';

import { userHub } from '../../worker/durable/stubs';
import { SILENT_SOCKET_MS } from '../../worker/durable/user/sockets';
import {
  callId,
  closeAll,
  dial,
  expireDeadline,
  lockOf,
  person,
  record,
  sendToMsg,
  webrtcFrame,
  webrtcFrames,
} from './call-helpers';
import { call, eventually, inObject, loginUser, userHubStub } from './helpers';
import { connect } from './socket-helpers';

const quiet = () => new Promise((r) => setTimeout(r, 150));

async function ringing() {
  const [a, b] = await Promise.all([person(), person()]);
  const id = callId();
  const placed = await dial(a, b, id);
  expect(placed.body.code).toBe(0);
  await webrtcFrame(b.socket, id, 'calling');
  return { a, b, id, msgId: placed.body.data.msg_id as number };
}

async function active() {
  const call = await ringing();
  expect((await sendToMsg(call.b.token, { id: call.id, toContactId: call.a.uid, event: 'acceptRtc' })).body.code).toBe(
    0,
  );
  await webrtcFrame(call.a.socket, call.id, 'acceptRtc');
  return call;
}

/** Makes the call look answered `seconds` ago on both hubs. */
async function answeredAgo(uids: number[], seconds: number) {
  for (const uid of uids)
    await inObject(userHubStub(uid), (hub: any) =>
      hub.parts.calls.update({ answered_at: Date.now() - seconds * 1000 }),
    );
}

describe('the lock', () => {
  it('answers busy 907 to a second caller while the callee is in a call, and records it', async () => {
    const { a, b, id } = await active();
    const c = await person();
    const other = callId();
    const answer = await dial(c, b, other);
    expect(answer.body).toMatchObject({
      code: 0,
      data: { id: other, toContactId: b.uid, extends: { event: 'busy', code: 907, action: 'busy' } },
    });
    expect((await record(c, b, other)).extends).toMatchObject({ code: 907, caller: c.uid });
    expect(await lockOf(c.uid)).toBeNull();
    expect(await lockOf(b.uid)).toMatchObject({ id, phase: 'active' });
    // b's devices get the record as a message (a missed call), never a ring.
    await b.socket.next((f) => f.type === 'simple' && f.data.id === other);
    expect(webrtcFrames(b.socket, other)).toEqual([]);
    closeAll(a, b, c);
  });

  it('refuses a call from an account already in a call on any device', async () => {
    const { a, b, id } = await active();
    const d = await person();
    const elsewhere = await dial(a, d, callId());
    expect(elsewhere.body).toMatchObject({ code: 400, msg: 'Another terminal is engaged in a call' });
    expect(await lockOf(d.uid)).toBeNull();
    expect(d.socket.frames.filter((f) => f.type === 'webrtc')).toEqual([]);
    expect(await lockOf(a.uid)).toMatchObject({ id });
    closeAll(a, b, d);
  });

  it('answers busy 907 (offline) when the callee has no open socket, with a 907 record', async () => {
    const a = await person();
    const b = await loginUser();
    const bUid = b.userInfo.user_id as number;
    const id = callId();
    const answer = await dial(a, { uid: bUid }, id);
    expect(answer.body.data.extends).toMatchObject({ event: 'busy', code: 907, action: 'offline' });
    expect((await record(a, { uid: bUid }, id)).extends.code).toBe(907);
    expect(await lockOf(a.uid)).toBeNull();
    expect(await lockOf(bUid)).toBeNull();
    // The caller is free to call again at once.
    expect((await dial(a, { uid: bUid }, callId())).body.data.extends.event).toBe('busy');
    closeAll(a);
  });
});

describe('an answered call', () => {
  it('is not unread for the one who answered it', async () => {
    const { a, b, id } = await ringing();
    const row = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find((c: any) => c.id === a.uid);
    await eventually(async () => expect((await row()).unread).toBe(1));
    expect((await sendToMsg(b.token, { id, toContactId: a.uid, event: 'acceptRtc' })).body.code).toBe(0);
    await eventually(async () => expect((await row()).unread).toBe(0));
    closeAll(a, b);
  });
});

describe('the ring ends after 40 s by the alarm', () => {
  it('a caller whose countdown ran out hangs up as no answer (905) on both records, not as cancelled', async () => {
    const { a, b, id } = await ringing();
    // The caller's screen hangs up at 40 s, a moment before the callee hub's alarm would.
    await inObject(userHubStub(a.uid), (hub) => {
      hub.parts.calls.update({ started_at: Date.now() - RING_SECONDS * 1000 + 500 });
    });
    const hung = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect(hung.body).toMatchObject({ code: 0, data: { extends: { event: 'hangup', code: 905 } } });
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends.code).toBe(905);
    expect((await record(b, a, id)).extends).toMatchObject({ code: 905, callTime: 0 });
    closeAll(a, b);
  });

  it('the callee hub’s alarm ends it as missed (905): both sides told, record updated, locks free', async () => {
    const { a, b, id } = await ringing();
    const alarmAt = await inObject(userHubStub(b.uid), (_hub, state) => state.storage.getAlarm());
    expect(alarmAt! - Date.now()).toBeGreaterThan((RING_SECONDS - 2) * 1000);
    expect(alarmAt! - Date.now()).toBeLessThanOrEqual(RING_SECONDS * 1000);
    // Early, the alarm changes nothing.
    expect(await runDurableObjectAlarm(userHubStub(b.uid))).toBe(true);
    expect(await lockOf(b.uid)).toMatchObject({ id, phase: 'ringing' });
    await expireDeadline(b.uid);
    expect(await runDurableObjectAlarm(userHubStub(b.uid))).toBe(true);
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends).toMatchObject({ code: 905, callTime: 0 });
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends.code).toBe(905);
    expect((await record(b, a, id)).extends).toMatchObject({ code: 905, callTime: 0 });
    expect(await lockOf(a.uid)).toBeNull();
    expect(await lockOf(b.uid)).toBeNull();
    // A late hangup (the caller's countdown) answers the final state, never an error.
    const late = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect(late.body).toMatchObject({ code: 0, data: { extends: { event: 'hangup', code: 905 } } });
    closeAll(a, b);
  });

  it('the caller hub’s backstop ends it when the callee hub never did', async () => {
    const { a, b, id } = await ringing();
    // As if the callee's hub had lost the call without a word.
    await inObject(userHubStub(b.uid), async (hub: any, state) => {
      hub.parts.calls.clear();
      await state.storage.deleteAlarm();
    });
    const alarmAt = await inObject(userHubStub(a.uid), (_hub, state) => state.storage.getAlarm());
    expect(alarmAt! - Date.now()).toBeGreaterThan(RING_SECONDS * 1000);
    await expireDeadline(a.uid);
    expect(await runDurableObjectAlarm(userHubStub(a.uid))).toBe(true);
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends.code).toBe(905);
    expect((await record(a, b, id)).extends.code).toBe(905);
    expect(await lockOf(a.uid)).toBeNull();
    closeAll(a, b);
  });
});

describe('other devices', () => {
  it('the callee’s other device stops ringing on accept (otherOpt 908) and hears the hangup; a second accept is refused', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const phone = await connect(b.token, 'phone');
    const id = callId();
    await dial(a, b, id);
    await webrtcFrame(b.socket, id, 'calling');
    await webrtcFrame(phone, id, 'calling');
    const accepted = await sendToMsg(b.token, { id, toContactId: a.uid, event: 'acceptRtc' });
    expect(accepted.body.data.extends).toMatchObject({ event: 'acceptRtc', code: 904, status: 2 });
    expect((await webrtcFrame(phone, id, 'otherOpt')).data.extends).toMatchObject({ action: 'acceptRtc', code: 908 });
    expect((await webrtcFrame(a.socket, id, 'acceptRtc')).data.extends.code).toBe(904);
    expect(webrtcFrames(a.socket, id).filter((f) => f.data.extends.event === 'otherOpt')).toEqual([]);
    const second = await sendToMsg(b.token, { id, toContactId: a.uid, event: 'acceptRtc' });
    expect(second.body).toMatchObject({ code: 400, msg: 'The call failed' });
    await answeredAgo([a.uid, b.uid], 65);
    const ended = await sendToMsg(b.token, { id, toContactId: a.uid, event: 'hangup', callTime: 99_999 });
    expect(ended.body.data.extends).toMatchObject({ event: 'hangup', code: 906 });
    expect(
      (await webrtcFrame(phone, id, 'otherOpt', (f) => f.data.extends.action === 'hangup')).data.extends,
    ).toMatchObject({ code: 906, callTime: 65 });
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends).toMatchObject({ code: 906, callTime: 65 });
    phone.close();
    closeAll(a, b);
  });

  it('only the callee accepts: the caller’s acceptRtc is refused', async () => {
    const { a, b, id } = await ringing();
    expect((await sendToMsg(a.token, { id, toContactId: b.uid, event: 'acceptRtc' })).body.code).toBe(400);
    expect(await lockOf(b.uid)).toMatchObject({ phase: 'ringing' });
    closeAll(a, b);
  });
});

describe('the record’s outcome', () => {
  it('902: the caller cancels before an answer', async () => {
    const { a, b, id, msgId } = await ringing();
    const answer = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup', code: 906, callTime: 50 });
    expect(answer.body.data).toMatchObject({ msg_id: msgId, extends: { code: 902, callTime: 0 } });
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends.code).toBe(902);
    expect((await webrtcFrame(a.socket, id, 'otherOpt')).data.extends).toMatchObject({ action: 'hangup', code: 902 });
    expect((await record(b, a, id)).extends).toMatchObject({ code: 902, callTime: 0 });
    closeAll(a, b);
  });

  it('903: the callee declines; a later outcome changes nothing', async () => {
    const { a, b, id } = await ringing();
    expect((await sendToMsg(b.token, { id, toContactId: a.uid, event: 'hangup' })).body.data.extends.code).toBe(903);
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends.code).toBe(903);
    const again = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect(again.body.data.extends.code).toBe(903);
    expect((await record(a, b, id)).extends.code).toBe(903);
    expect(await lockOf(a.uid)).toBeNull();
    closeAll(a, b);
  });

  it('907: the callee answers busy', async () => {
    const { a, b, id } = await ringing();
    expect((await sendToMsg(b.token, { id, toContactId: a.uid, event: 'busy' })).body.data.extends.code).toBe(907);
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends.code).toBe(907);
    expect((await record(a, b, id)).extends.code).toBe(907);
    closeAll(a, b);
  });

  it('906 with the server’s duration, whatever the client says, capped at a day', async () => {
    const { a, b, id } = await active();
    await answeredAgo([a.uid], 125);
    const ended = await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup', callTime: 5 });
    expect(ended.body.data.extends).toMatchObject({ code: 906, callTime: 125 });
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends).toMatchObject({ code: 906, callTime: 125 });
    expect((await record(b, a, id)).extends).toMatchObject({ code: 906, callTime: 125 });
    expect(await lockOf(b.uid)).toBeNull();
    const long = await active();
    await answeredAgo([long.b.uid], 3 * 86_400);
    expect(
      (await sendToMsg(long.b.token, { id: long.id, toContactId: long.a.uid, event: 'hangup' })).body.data.extends
        .callTime,
    ).toBe(86_400);
    closeAll(a, b, long.a, long.b);
  });

  it('a hangup for a call never made is refused', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    expect((await sendToMsg(a.token, { id: callId(), toContactId: b.uid, event: 'hangup' })).body).toMatchObject({
      code: 400,
      msg: 'The call failed',
    });
    closeAll(a, b);
  });
});

describe('sockets that go away', () => {
  it('the callee’s last socket closing mid-call tells the caller (906) and frees both locks', async () => {
    const { a, b, id } = await active();
    await answeredAgo([b.uid], 12);
    b.socket.close();
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends).toMatchObject({ code: 906, callTime: 12 });
    expect(await lockOf(a.uid)).toBeNull();
    expect(await lockOf(b.uid)).toBeNull();
    expect((await record(a, b, id)).extends.code).toBe(906);
    // a may call again at once.
    const next = await person();
    expect((await dial(a, next, callId())).body.data.extends.event).toBe('calling');
    closeAll(a, next);
  });

  it('a ringing callee’s last socket closing is a missed call (905); one of two sockets closing is not', async () => {
    const { a, b, id } = await ringing();
    const phone = await connect(b.token, 'phone');
    phone.close();
    await quiet();
    expect(await lockOf(b.uid)).toMatchObject({ id, phase: 'ringing' });
    b.socket.close();
    expect((await webrtcFrame(a.socket, id, 'hangup')).data.extends.code).toBe(905);
    expect(await lockOf(a.uid)).toBeNull();
    closeAll(a);
  });

  it('a dialing caller’s last socket closing cancels (902)', async () => {
    const { a, b, id } = await ringing();
    a.socket.close();
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends.code).toBe(902);
    expect(await lockOf(b.uid)).toBeNull();
    expect((await record(b, a, id)).extends.code).toBe(902);
    closeAll(b);
  });

  it('while active, the 30 s alarm closes dead sockets and ends the call; live ones keep it going', async () => {
    const { a, b, id } = await active();
    const alarmAt = await inObject(userHubStub(a.uid), (_hub, state) => state.storage.getAlarm());
    expect(alarmAt! - Date.now()).toBeLessThanOrEqual(30_000);
    await expireDeadline(a.uid);
    expect(await runDurableObjectAlarm(userHubStub(a.uid))).toBe(true);
    expect(await lockOf(a.uid)).toMatchObject({ id, phase: 'active' });
    expect((await lockOf(a.uid))!.deadline).toBeGreaterThan(Date.now());
    // a's tab crashed: nothing heard from its socket for longer than SILENT_SOCKET_MS.
    await inObject(userHubStub(a.uid), (hub, state) => {
      for (const ws of state.getWebSockets())
        ws.serializeAttachment({
          ...(ws.deserializeAttachment() as object),
          heardAt: Date.now() - SILENT_SOCKET_MS - 1000,
        });
      // The hub reads attachments once per wake: this one must be read again.
      hub.parts.sockets.rereadAttachments();
    });
    await expireDeadline(a.uid);
    expect(await runDurableObjectAlarm(userHubStub(a.uid))).toBe(true);
    expect((await webrtcFrame(b.socket, id, 'hangup')).data.extends.code).toBe(906);
    expect(await lockOf(a.uid)).toBeNull();
    expect(await lockOf(b.uid)).toBeNull();
    closeAll(b);
  });
});

/** A card of `p` as the hubs keep it. */
const cardOf = (p: { uid: number }) => ({
  id: p.uid,
  user_id: p.uid,
  realname: `u${p.uid}`,
  displayName: `u${p.uid}`,
  avatar: '',
});
const conversationOf = (x: number, y: number) => (x < y ? `${x}-${y}` : `${y}-${x}`);

/** `from`'s hub holds its own outgoing call `id` to `to`, ringing: where placeCall stands before its ring lands. */
const holdOutgoing = (from: { uid: number }, to: { uid: number }, id: string) =>
  inObject(userHubStub(from.uid), (hub: any) => {
    const now = Date.now();
    hub.parts.calls.put({
      id,
      peer: to.uid,
      conversation: conversationOf(from.uid, to.uid),
      msg_id: 0,
      type: 1,
      role: 'caller',
      phase: 'ringing',
      started_at: now,
      answered_at: 0,
      deadline: now + 60_000,
      me: cardOf(from),
      other: cardOf(to),
    });
  });

/** `from`'s ring of call `id` landing on `to`'s hub. */
const ringAt = (from: { uid: number }, to: { uid: number }, id: string) =>
  userHub(env, to.uid).callLock('ringCall', {
    id,
    conversation: conversationOf(from.uid, to.uid),
    type: 1,
    caller: cardOf(from),
    callee: cardOf(to),
  });

describe('glare', () => {
  // Which call two people who press call together end up in depends on timing the server cannot
  // choose: if one ring lands before the other person's own call reached their hub, that person is
  // simply being called, and calling back answers the ringing call (the next test). Under load,
  // one of two simultaneous requests often lags that far behind. So this test asserts what holds
  // in every timing; the tie-break (smaller id) is proven below on hubs that both hold their call.
  it('both press call at once: one call on both sides, answered and recorded; the other never recorded as a call', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([person(), person()]);
      const idA = callId();
      const idB = callId();
      const [fromA, fromB] = await Promise.all([dial(a, b, idA), dial(b, a, idB)]);
      const winner = fromA.body.data.id as string;
      expect([idA, idB]).toContain(winner);
      expect(fromB.body.data.id).toBe(winner);
      expect(fromA.body.data.extends.event).toBe('calling');
      expect(fromB.body.data.extends.event).toBe('calling');
      const locks = [await lockOf(a.uid), await lockOf(b.uid)];
      expect(locks.map((l) => l?.id)).toEqual([winner, winner]);
      expect(locks.map((l) => l?.role).sort()).toEqual(['callee', 'caller']);
      const callee = locks[0]!.role === 'callee' ? a : b;
      const caller = callee === a ? b : a;
      await webrtcFrame(callee.socket, winner, 'calling');
      // The one ringing accepts (its client does so automatically) and the call goes on.
      expect(
        (await sendToMsg(callee.token, { id: winner, toContactId: caller.uid, event: 'acceptRtc' })).body.code,
      ).toBe(0);
      await webrtcFrame(caller.socket, winner, 'acceptRtc');
      const loser = await record(a, b, winner === idA ? idB : idA);
      expect(loser === null || loser.extends.code === 902).toBe(true);
      expect((await record(a, b, winner)).extends.code).toBe(901);
      await sendToMsg(a.token, { id: winner, toContactId: b.uid, event: 'hangup' });
      closeAll(a, b);
    }
  });

  it('both hubs holding their own call when the rings cross: the smaller id wins on both, whichever ring lands first', async () => {
    for (const first of ['small', 'large', 'together'] as const) {
      const [a, b] = await Promise.all([person(), person()]);
      const small = `call-a-${crypto.randomUUID()}`;
      const large = `call-b-${crypto.randomUUID()}`;
      await holdOutgoing(a, b, small);
      await holdOutgoing(b, a, large);
      const ringSmall = () => ringAt(a, b, small);
      const ringLarge = () => ringAt(b, a, large);
      let atA: unknown;
      let atB: unknown;
      if (first === 'together') [atB, atA] = await Promise.all([ringSmall(), ringLarge()]);
      else if (first === 'small') {
        atB = await ringSmall();
        atA = await ringLarge();
      } else {
        atA = await ringLarge();
        atB = await ringSmall();
      }
      expect(atA, first).toEqual({ kind: 'glare', winner: small });
      expect(atB, first).toMatchObject({ kind: 'ringing', msg_id: expect.any(Number) });
      expect(await lockOf(a.uid), first).toMatchObject({ id: small, role: 'caller' });
      expect(await lockOf(b.uid), first).toMatchObject({ id: small, role: 'callee' });
      await webrtcFrame(b.socket, small, 'calling');
      await sendToMsg(a.token, { id: small, toContactId: b.uid, event: 'hangup' });
      closeAll(a, b);
    }
  });

  it('calling someone whose call already rings here answers that call', async () => {
    const { a, b, id } = await ringing();
    const back = await dial(b, a, callId());
    expect(back.body.data).toMatchObject({ id, extends: { event: 'calling' } });
    expect(await lockOf(b.uid)).toMatchObject({ id, role: 'callee' });
    closeAll(a, b);
  });
});
