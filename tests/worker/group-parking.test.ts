// Groups skip members with no socket (worker/durable/conversation/fanout/parking.ts): after one
// delivery that found no socket open, a member of a group (of any size) costs nothing per message
// until their hub asks for what waited (a socket opens, or they read their chat list), or until too
// much waits. A message is only a live frame to a member's hub (the chat list asks the
// group for the last message and unread count), so no message waits for a parked member at all:
// only the group's other events (changes, recalls) do.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { PARKED_ROWS_MAX, Parking } from '../../worker/durable/conversation/fanout/parking';
import { userHub } from '../../worker/durable/stubs';
import { call, delivered, inObject, loginUser, makeGroup, pairHub, textMessage, userHubStub } from './helpers';
import { connect } from './socket-helpers';

/** The newest message of `group` that reached `uid`'s hub (it keeps that in memory, to push none twice). */
const reached = (uid: number, group: string) =>
  inObject(
    userHubStub(uid),
    (hub) => (hub.parts.chats.pushed.get(group) as number | undefined) ?? 0,
  ) as Promise<number>;

const parkedRows = (stub: DurableObjectStub) => inObject(stub, (hub) => hub.fanout.parkedRows() as number);
const outboxRows = (stub: DurableObjectStub) =>
  inObject(stub, (_hub, state) => Number(state.storage.sql.exec('SELECT COUNT(*) AS n FROM fanout').one().n));

async function send(token: string, to: string | number, content: string) {
  const reply = await call('/enterprise/im/sendMessage', textMessage(to, content), { token });
  expect(reply.body.code).toBe(0);
  return reply.body.data;
}

/** A group of `size` with three real users (a, b, c) and ids without accounts for the rest. */
async function bigGroup(size = 60) {
  const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
  const others = Array.from({ length: size - 3 }, (_, i) => 800_000 + Math.floor(Math.random() * 50_000) * 100 + i);
  const { group, stub } = await makeGroup([a, b, c].map((u) => u.userInfo.user_id).concat(others));
  return { a, b, c, group, stub };
}

/** What C's chat list shows of the group (getContacts' group rows come from D1, which makeGroup does not write). */
const listed = async (uid: number, group: string) =>
  (await userHub(env, uid).listChats(uid)).find((x) => x.conversation === group);

describe('a big group and its members without a socket', () => {
  it('stops calling a member with no socket after one delivery, keeps no message for them, and their list and next socket are up to date', async () => {
    const { a, b, c, group, stub } = await bigGroup();
    const cid = c.userInfo.user_id;
    const [aPhone, bPhone] = await Promise.all([connect(a.token, 'a'), connect(b.token, 'b')]);

    await send(a.token, group, 'one');
    await delivered(stub);
    // The first message reached C's hub, which answered that C had no socket.
    expect(await reached(cid, group)).toBe(1);

    for (const t of ['two', 'three']) await send(a.token, group, t);
    await bPhone.until((f) => f.filter((x) => x.type === 'group').length === 3);
    await delivered(stub);
    // B (online) had them at once; C's hub was not called, and nothing waits for C.
    expect(await reached(cid, group)).toBe(1);
    expect(await parkedRows(stub)).toBe(0);

    const cPhone = await connect(c.token, 'c');
    await cPhone.next((f) => f.type === 'init');
    expect(await listed(cid, group)).toMatchObject({ last_content: 'three', unread: 3 });

    // Now online, C gets the next one live, once, with the unread count the group works out.
    await send(a.token, group, 'four');
    const four = await cPhone.next((x) => x.type === 'group' && x.data.content === 'four');
    expect(four.data.unread).toBe(4);
    await delivered(stub);
    await new Promise((r) => setTimeout(r, 100));
    expect(cPhone.frames.filter((x) => x.type === 'group').map((x) => x.data.content)).toEqual(['four']);
    // Acknowledged rows leave with the next write: only the newest message's is left.
    expect(await outboxRows(stub)).toBe(1);
    for (const s of [aPhone, bPhone, cPhone]) s.close();
  });

  it('shows the chat list up to date when it is read without a socket (getContacts)', async () => {
    const { a, c, group, stub } = await bigGroup();
    for (const t of ['one', 'two', 'three']) {
      await send(a.token, group, t);
      await delivered(stub);
    }
    expect(await reached(c.userInfo.user_id, group)).toBe(1);
    expect(await listed(c.userInfo.user_id, group)).toMatchObject({ last_content: 'three', unread: 3 });
    expect(await parkedRows(stub)).toBe(0);
  });

  it('delivers to a parked member again when they send, and parks them again while they have no socket', async () => {
    const { a, c, group, stub } = await bigGroup();
    for (const t of ['one', 'two']) {
      await send(a.token, group, t);
      await delivered(stub);
    }
    expect(await reached(c.userInfo.user_id, group)).toBe(1);
    await send(c.token, group, 'mine');
    await delivered(stub);
    // Their own message reached their hub (their other devices), which still had no socket.
    expect(await reached(c.userInfo.user_id, group)).toBe(3);
    await send(a.token, group, 'after');
    await delivered(stub);
    expect(await reached(c.userInfo.user_id, group)).toBe(3);
    // Their own message counts as read: only what came after it is unread.
    expect(await listed(c.userInfo.user_id, group)).toMatchObject({ last_content: 'after', unread: 1 });
  });

  it('keeps no message for parked members however many are sent, so the outbox does not grow with them', async () => {
    const { a, c, group, stub } = await bigGroup();
    await send(a.token, group, 'first');
    await delivered(stub);
    for (let i = 0; i < PARKED_ROWS_MAX / 4; i += 1) await send(a.token, group, `m${i}`);
    await delivered(stub, 15_000);
    expect(await parkedRows(stub)).toBe(0);
    await send(a.token, group, 'last');
    await delivered(stub);
    expect(await outboxRows(stub)).toBe(1);
    expect(await reached(c.userInfo.user_id, group)).toBe(1);
    expect(await listed(c.userInfo.user_id, group)).toMatchObject({
      last_content: 'last',
      unread: PARKED_ROWS_MAX / 4 + 2,
    });
  }, 60_000);

  it('never parks a one-to-one chat: the receiver hub gets every message, socket or not', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    for (const t of ['one', 'two']) await send(a.token, b.userInfo.user_id, t);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    await delivered(stub);
    expect(await reached(b.userInfo.user_id, conversation)).toBe(2);
    expect(await parkedRows(stub)).toBe(0);
  });
});

describe('Parking', () => {
  it("ignores an answer of 'no socket' looked at before the member's hub asked to resume", () => {
    const parking = new Parking();
    parking.learn(7, { frames: 1, online: false, at: 100 });
    expect(parking.isParked(7)).toBe(true);
    parking.resume(7, 200);
    expect(parking.isParked(7)).toBe(false);
    // A delivery that looked at 150 (before the socket opened at 200) arrives late: no effect.
    parking.learn(7, { frames: 1, online: false, at: 150 });
    expect(parking.isParked(7)).toBe(false);
    // One that looked after it (the socket closed again) parks.
    parking.learn(7, { frames: 1, online: false, at: 250 });
    expect(parking.isParked(7)).toBe(true);
    parking.learn(7, { frames: 1, online: true, at: 260 });
    expect(parking.isParked(7)).toBe(false);
  });

  it('releases the members parked longest first, and a released member parked again waits last', () => {
    const parking = new Parking();
    for (const user of [1, 2, 3]) parking.learn(user, { frames: 1, online: false, at: 10 });
    parking.release(2);
    expect([1, 2, 3].map((u) => parking.isParked(u))).toEqual([false, false, true]);
    parking.learn(1, { frames: 1, online: false, at: 20 });
    parking.release(1);
    expect([1, 2, 3].map((u) => parking.isParked(u))).toEqual([true, false, false]);
  });
});
