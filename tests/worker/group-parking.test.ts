// Big groups skip members with no socket (issue 13 item 5, worker/durable/parking.ts): after one
// delivery that found no socket open, a member of a group of 50 or more costs nothing per message
// until their hub asks for what waited (a socket opens, or they read their chat list), or until too
// much waits. Catch-up stays the event log: the waiting messages arrive on the new socket in order.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { PARK_FROM, PARKED_ROWS_MAX, Parking, RELEASE_PER_DRAIN } from '../../worker/durable/parking';
import { userHub } from '../../worker/durable/stubs';
import { call, delivered, inObject, loginUser, makeGroup, textMessage, userHubStub } from './helpers';
import { connect } from './socket-helpers';

/** The group chat's row in a member's hub (what their chat list is built from). */
const chatRow = (uid: number, group: string) =>
  inObject(
    userHubStub(uid),
    (_hub, state) =>
      state.storage.sql.exec('SELECT last_seq, read_seq FROM chats WHERE conversation = ?', group).toArray()[0] ?? null,
  ) as Promise<{ last_seq: number; read_seq: number } | null>;

const parkedRows = (stub: DurableObjectStub) => inObject(stub, (hub) => hub.fanout.parkedRows() as number);

async function send(token: string, group: string, content: string) {
  const reply = await call('/enterprise/im/sendMessage', textMessage(group, content), { token });
  expect(reply.body.code).toBe(0);
  return reply.body.data;
}

/** A group of `size` with three real users (a, b, c) and ids without accounts for the rest. */
async function bigGroup(size = PARK_FROM + 10) {
  const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
  const others = Array.from({ length: size - 3 }, (_, i) => 800_000 + Math.floor(Math.random() * 50_000) * 100 + i);
  const { group, stub } = await makeGroup([a, b, c].map((u) => u.userInfo.user_id).concat(others));
  return { a, b, c, group, stub };
}

describe('a big group and its members without a socket', () => {
  it('stops calling a member with no socket after one delivery, and hands them what waited, in order, on their next socket', async () => {
    const { a, b, c, group, stub } = await bigGroup();
    const cid = c.userInfo.user_id;
    const [aPhone, bPhone] = await Promise.all([connect(a.token, 'a'), connect(b.token, 'b')]);

    await send(a.token, group, 'one');
    await delivered(stub);
    // The first message reached C's hub, which answered that C had no socket.
    expect(await chatRow(cid, group)).toMatchObject({ last_seq: 1 });

    for (const t of ['two', 'three']) await send(a.token, group, t);
    await bPhone.until((f) => f.filter((x) => x.type === 'group').length === 3);
    await delivered(stub);
    // B (online) had them at once; C's hub was not called: they wait in the group's outbox.
    expect(await chatRow(cid, group)).toMatchObject({ last_seq: 1 });
    expect(await parkedRows(stub)).toBe(2);

    const cPhone = await connect(c.token, 'c');
    const caught = await cPhone.until((f) => f.filter((x) => x.type === 'group').length === 2);
    expect(caught.filter((x) => x.type === 'group').map((x) => x.data.content)).toEqual(['two', 'three']);
    expect(caught.filter((x) => x.type === 'group').at(-1).data.unread).toBe(3);
    expect(await chatRow(cid, group)).toMatchObject({ last_seq: 3 });

    // Now online, C gets the next one live, once.
    await send(a.token, group, 'four');
    await cPhone.next((x) => x.type === 'group' && x.data.content === 'four');
    await delivered(stub);
    expect(cPhone.frames.filter((x) => x.type === 'group').map((x) => x.data.content)).toEqual([
      'two',
      'three',
      'four',
    ]);
    for (const s of [aPhone, bPhone, cPhone]) s.close();
  });

  it('brings the chat list up to date when it is read without a socket (getContacts)', async () => {
    const { a, c, group, stub } = await bigGroup();
    for (const t of ['one', 'two', 'three']) {
      await send(a.token, group, t);
      await delivered(stub);
    }
    expect(await chatRow(c.userInfo.user_id, group)).toMatchObject({ last_seq: 1 });
    // What getContacts reads (the group's own row comes from D1, which makeGroup does not write).
    const chats = await userHub(env, c.userInfo.user_id).listChats(c.userInfo.user_id);
    expect(chats.find((x) => x.conversation === group)).toMatchObject({ last_content: 'three', unread: 3 });
    // The rows still wait for the members without accounts, who never came back.
    expect(await parkedRows(stub)).toBe(2);
  });

  it('delivers to a parked member again as soon as they send or read', async () => {
    const { a, c, group, stub } = await bigGroup();
    for (const t of ['one', 'two']) {
      await send(a.token, group, t);
      await delivered(stub);
    }
    expect(await chatRow(c.userInfo.user_id, group)).toMatchObject({ last_seq: 1 });
    await send(c.token, group, 'mine');
    await delivered(stub);
    // Their hub has everything up to their own message, which counts as read.
    expect(await chatRow(c.userInfo.user_id, group)).toEqual({ last_seq: 3, read_seq: 3 });
  });

  it('delivers to parked members anyway once too much waits for them, so the outbox stays small', async () => {
    const { a, c, group, stub } = await bigGroup();
    await send(a.token, group, 'first');
    await delivered(stub);
    for (let i = 0; i < PARKED_ROWS_MAX; i += 1) await send(a.token, group, `m${i}`);
    await delivered(stub, 15_000);
    // 200 rows wait for the 58 members without a socket: nothing has gone to them yet.
    expect(await parkedRows(stub)).toBe(PARKED_ROWS_MAX);
    expect((await chatRow(c.userInfo.user_id, group))!.last_seq).toBe(1);
    // Past the limit each drain hands everything to a few of them (RELEASE_PER_DRAIN); a dozen
    // messages later all 58 have had it, and the rows they all had leave the outbox.
    for (let i = 0; i < Math.ceil(58 / RELEASE_PER_DRAIN) + 2; i += 1) {
      await send(a.token, group, `more ${i}`);
      await delivered(stub, 15_000);
    }
    expect((await chatRow(c.userInfo.user_id, group))!.last_seq).toBeGreaterThan(PARKED_ROWS_MAX);
    expect(await parkedRows(stub)).toBeLessThan(PARKED_ROWS_MAX);
  }, 60_000);

  it('still delivers every message at once to members without a socket in a group under the size', async () => {
    const { a, c, group, stub } = await bigGroup(PARK_FROM - 1);
    for (const t of ['one', 'two']) await send(a.token, group, t);
    await delivered(stub);
    expect(await chatRow(c.userInfo.user_id, group)).toMatchObject({ last_seq: 2 });
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
