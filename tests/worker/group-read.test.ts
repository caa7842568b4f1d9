import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { call, loginUser, makeGroup, pairHub, textMessage } from './helpers';
import { connect, type Socket } from './socket-helpers';

/** The outbox rows of read marks, with the members each goes to: one delivery per member named. */
const readRows = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_hub, state) =>
    state.storage.sql
      .exec('SELECT users, event FROM fanout ORDER BY id')
      .toArray()
      .map((r) => ({ users: JSON.parse(String(r.users)) as number[], event: JSON.parse(String(r.event)) }))
      .filter((r) => r.event.kind === 'read' || r.event.kind === 'groupRead'),
  );

/** Sends a marker and waits for it on `socket`: every frame from before has arrived by then. */
async function settle(socket: Socket, token: string, to: number | string, type: string) {
  const marker = `marker ${crypto.randomUUID()}`;
  await call('/enterprise/im/sendMessage', textMessage(to, marker), { token });
  await socket.next((f) => f.type === type && f.data.content === marker);
}

describe('read marks in a group', () => {
  for (const size of [3, 30]) {
    it(`in a group of ${size}, a read reaches only the reader's devices and the sender, with a count of readers`, async () => {
      const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
      // Members past the three who act are ids without accounts: their hubs receive like anyone's.
      const others = Array.from({ length: size - 3 }, (_, i) => 900_000 + i);
      const { group, stub } = await makeGroup([a, b, c].map((u) => u.userInfo.user_id).concat(others));
      const [aPhone, bPhone, bLaptop, cPhone] = await Promise.all([
        connect(a.token, 'a'),
        connect(b.token, 'b-phone'),
        connect(b.token, 'b-laptop'),
        connect(c.token, 'c'),
      ]);
      for (const t of ['1', '2'])
        expect((await call('/enterprise/im/sendMessage', textMessage(group, t), { token: a.token })).body.code).toBe(0);
      await bLaptop.until((frames) => frames.filter((f) => f.type === 'group').length === 2);

      expect(
        (await call('/enterprise/im/setMsgIsRead', { toContactId: group, is_group: 1 }, { token: b.token })).body,
      ).toMatchObject({ code: 0, data: { readSeq: 2 } });
      // One row for the sender and the reader: two deliveries, whatever the group's size, and no ids.
      const rows = await readRows(stub);
      expect(rows.map((r) => [...r.users].sort())).toEqual([[a.userInfo.user_id, b.userInfo.user_id].sort()]);
      expect(rows[0]!.event).not.toHaveProperty('ids');

      const mine = { toContactId: group, reader: b.userInfo.user_id, seq: 2, unread: 0 };
      expect((await bLaptop.next((f) => f.type === 'readAll')).data).toEqual(mine);
      expect((await bPhone.next((f) => f.type === 'readAll')).data).toEqual(mine);
      expect((await aPhone.next((f) => f.type === 'readAll')).data).toEqual({
        toContactId: group,
        reader: b.userInfo.user_id,
        seq: 2,
        readers: 1,
      });

      // A second reader raises the sender's count; still two deliveries.
      await call('/enterprise/im/setMsgIsRead', { toContactId: group, is_group: 1 }, { token: c.token });
      expect((await readRows(stub)).at(-1)!.users.length).toBe(2);
      await aPhone.next((f) => f.type === 'readAll' && f.data.readers === 2);

      await settle(cPhone, a.token, group, 'group');
      expect(
        cPhone.frames.filter(
          (f) => f.type === 'isRead' || (f.type === 'readAll' && f.data.reader !== c.userInfo.user_id),
        ),
      ).toEqual([]);
      expect(aPhone.frames.filter((f) => f.type === 'isRead')).toEqual([]);
      for (const s of [aPhone, bPhone, bLaptop, cPhone]) s.close();
    });
  }
});

describe('read marks one to one', () => {
  it("still give the peer isRead with the ids and readAll, and clear the reader's badge", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const [aPhone, bLaptop] = await Promise.all([connect(a.token, 'a'), connect(b.token, 'b-laptop')]);
    const sent = [];
    for (const t of ['1', '2'])
      sent.push(
        (await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, t), { token: a.token })).body.data.id,
      );
    await bLaptop.until((frames) => frames.filter((f) => f.type === 'simple').length === 2);

    await call('/enterprise/im/setMsgIsRead', { toContactId: a.userInfo.user_id, is_group: 0 }, { token: b.token });
    expect((await readRows(stub)).map((r) => r.users.length)).toEqual([2]);
    const isRead = await aPhone.next((f) => f.type === 'isRead');
    expect(isRead.data).toEqual({ toContactId: b.userInfo.user_id, reader: b.userInfo.user_id, seq: 2, ids: sent });
    expect((await aPhone.next((f) => f.type === 'readAll')).data).toEqual({
      toContactId: b.userInfo.user_id,
      reader: b.userInfo.user_id,
      seq: 2,
    });
    expect((await bLaptop.next((f) => f.type === 'readAll')).data).toEqual({
      toContactId: a.userInfo.user_id,
      reader: b.userInfo.user_id,
      seq: 2,
      unread: 0,
    });
    aPhone.close();
    bLaptop.close();
  });
});
