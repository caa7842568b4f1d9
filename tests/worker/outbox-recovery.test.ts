import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import type { StoredMessage } from '@protocol/messages';

import { userHub } from '../../worker/durable/stubs';
import { call, delivered as deliveredAll, loginUser, makeGroup, pairHub, textMessage } from './helpers';
import { connect } from './socket-helpers';

describe('outbox recovery', () => {
  it('delivers what was left in the outbox when the alarm fires after an eviction', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const socket = await connect(b.token);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), { token: a.token });
    // Simulate a crash between storing a message and delivering it: put an event back in the
    // outbox by hand, as if the hub had died before its members acknowledged it.
    await runInDurableObject(stub, (_hub, state) => {
      const message = {
        ...sent.body.data,
        id: 'lost-in-flight-1',
        seq: 99,
        msg_id: 99,
        content: 'recovered',
        conversation,
      };
      const event = { kind: 'message', conversation, message };
      state.storage.sql.exec(
        'INSERT INTO fanout (users, event) VALUES (?, ?)',
        JSON.stringify([b.userInfo.user_id]),
        JSON.stringify(event),
      );
    });
    await evictDurableObject(stub);
    await runInDurableObject(stub, (_hub, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await socket.next((f) => f.type === 'simple' && f.data.msg_id === 99)).data.content).toBe('recovered');
    socket.close();
    const left = await runInDurableObject(
      stub,
      (_hub, state) => state.storage.sql.exec('SELECT COUNT(*) AS n FROM fanout').one().n,
    );
    expect(left).toBe(0);
  });

  it('deletes delivered rows with the next write, and a redelivery after an eviction is ignored by the member', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const outbox = () =>
      runInDurableObject(stub, (_hub, state) =>
        state.storage.sql
          .exec('SELECT event FROM fanout')
          .toArray()
          .map((r) => JSON.parse(String(r.event)).message.seq as number),
      );
    const socket = await connect(b.token);
    const delivered = (text: string) => socket.next((f) => f.type === 'simple' && f.data.content === text);

    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'one'), { token: a.token });
    await delivered('one');
    // Delivered, so the rows are acknowledged; they may wait for the next write to leave the table.
    expect(await outbox()).toEqual([1]); // one row for both members

    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'two'), { token: a.token });
    await delivered('two');
    expect(await outbox()).not.toContain(1);
    expect(await outbox()).toContain(2); // acknowledged, not yet deleted
    // ...and an alarm is due to delete them if the conversation writes nothing more.
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();

    // An eviction forgets which rows were acknowledged: that alarm delivers them again, the
    // member's hub recognises the messages by their seq (and pushes none twice), and the table ends empty.
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await outbox()).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.frames.filter((f) => f.type === 'simple' && f.data.content === 'two')).toHaveLength(1);
    socket.close();
  });

  it('keeps one row per event for all its members, and deletes it once every member has it', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const members = [a, b, c].map((u) => u.userInfo.user_id).sort((x, y) => x - y);
    const { group, stub } = await makeGroup(members);
    const rows = () =>
      runInDurableObject(stub, (_hub, state) =>
        state.storage.sql
          .exec('SELECT users, event FROM fanout')
          .toArray()
          .map((r) => ({ users: JSON.parse(String(r.users)), seq: JSON.parse(String(r.event)).message.seq })),
      );
    const sockets = await Promise.all([a, b, c].map((u) => connect(u.token)));

    expect((await call('/enterprise/im/sendMessage', textMessage(group, 'one'), { token: a.token })).body.code).toBe(0);
    expect(await rows()).toEqual([{ users: members, seq: 1 }]);
    await Promise.all(sockets.map((socket) => socket.next((f) => f.type === 'group' && f.data.content === 'one')));
    for (const socket of sockets) socket.close();
    await call('/enterprise/im/sendMessage', textMessage(group, 'two'), { token: b.token });
    expect((await rows()).map((r) => r.seq)).toEqual([2]);
  });

  it('moves rows of the earlier outbox (one row per member) into the fan-out table and delivers them', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const socket = await connect(b.token);
    const card = { id: a.userInfo.user_id, user_id: a.userInfo.user_id, realname: 'A', displayName: 'A', avatar: '' };
    const message: StoredMessage = {
      msg_id: 1,
      seq: 1,
      id: 'from-the-old-outbox',
      conversation,
      type: 'text',
      content: 'kept across the change',
      extends: null,
      pid: 0,
      sendTime: Date.now(),
      from_user: a.userInfo.user_id,
      fromUser: card,
      is_undo: 0,
      file: null,
    };
    // The hub as the earlier release left it: the per-member outbox, no fan-out table, no schema version.
    await runInDurableObject(stub, (_hub, state) => {
      state.storage.sql.exec('DROP TABLE fanout');
      state.storage.kv.delete('schema_version:fanout');
      state.storage.sql.exec(
        'CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, event TEXT NOT NULL)',
      );
      state.storage.sql.exec(
        'INSERT INTO outbox (user_id, event) VALUES (?, ?)',
        b.userInfo.user_id,
        JSON.stringify({ kind: 'message', key: `m:${conversation}:1`, conversation, message }),
      );
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    await evictDurableObject(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await socket.next((f) => f.type === 'simple')).data.content).toBe('kept across the change');
    socket.close();
    const tables = await runInDurableObject(stub, (_hub, state) =>
      state.storage.sql
        .exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('outbox', 'fanout')")
        .toArray()
        .map((r) => r.name),
    );
    expect(tables).toEqual(['fanout']);
  });
});

describe('a member hub receiving an event again', () => {
  it('ignores a message at or below the last one it pushed, and a recall or read mark it has had', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), { token: a.token });
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'second'), { token: a.token });
    const hub = userHub(env, b.userInfo.user_id);
    const uid = b.userInfo.user_id;
    await deliveredAll(stub);
    const first = { ...(sent.body.data as StoredMessage), conversation };
    expect((await hub.deliver(uid, [{ kind: 'message', conversation, message: first }])).frames).toBe(0);
    const read = {
      kind: 'read' as const,
      key: `r:${conversation}:${uid}:2`,
      conversation,
      reader: uid,
      readSeq: 2,
      ids: [],
    };
    expect((await hub.deliver(uid, [read])).frames).toBe(1);
    expect((await hub.deliver(uid, [read])).frames).toBe(0);
    const contacts = await call('/enterprise/im/getContacts', {}, { token: b.token });
    // The list asks the conversation, which the hand-made read mark above never reached.
    expect(contacts.body.data.find((x: any) => x.id === a.userInfo.user_id)).toMatchObject({
      lastContent: 'second',
      unread: 2,
    });
  });
});
