// A UserHub's tables belong to its modules, each brought up to date by its schema steps
// (worker/durable/migrations.ts): a hub made before the steps were counted keeps its rows, and a
// wake at the current version runs no schema statement.
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import type { UserHub } from '../../worker/durable/user/hub';
import { call, delivered, loginUser, pairHub, textMessage, userHubStub } from './helpers';
import { SCHEMA_STATEMENT, statementsOf } from './schema-helpers';
import { connect } from './socket-helpers';

/** The first UserHub tables as hubs made then still hold them: no mention, system-line or gone columns, an AUTOINCREMENT log. */
const OLD_SCHEMA = `
CREATE TABLE chats (
  contact_id TEXT PRIMARY KEY, conversation TEXT NOT NULL, is_group INTEGER NOT NULL DEFAULT 0,
  last_seq INTEGER NOT NULL DEFAULT 0, read_seq INTEGER NOT NULL DEFAULT 0,
  last_content TEXT NOT NULL DEFAULT '', last_type TEXT NOT NULL DEFAULT '', last_send_time INTEGER NOT NULL DEFAULT 0,
  last_from INTEGER NOT NULL DEFAULT 0, last_undo INTEGER NOT NULL DEFAULT 0,
  is_top INTEGER NOT NULL DEFAULT 0, is_notice INTEGER NOT NULL DEFAULT 1, hidden INTEGER NOT NULL DEFAULT 0);
CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, data TEXT NOT NULL, time INTEGER NOT NULL);
CREATE TABLE call_lock (
  slot INTEGER PRIMARY KEY CHECK (slot = 0), id TEXT NOT NULL, peer INTEGER NOT NULL, conversation TEXT NOT NULL,
  msg_id INTEGER NOT NULL, type INTEGER NOT NULL, role TEXT NOT NULL, phase TEXT NOT NULL,
  started_at INTEGER NOT NULL, answered_at INTEGER NOT NULL, deadline INTEGER NOT NULL, cards TEXT NOT NULL,
  meeting TEXT NOT NULL DEFAULT '');
CREATE TABLE tickets (ticket TEXT PRIMARY KEY, device_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
`;

describe('UserHub schema', () => {
  it('keeps the chats and event log of a hub made before schema versions were counted, adding the later columns', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const [aId, bId] = [a.userInfo.user_id as number, b.userInfo.user_id as number];
    for (const content of ['one', 'two'])
      await call('/enterprise/im/sendMessage', textMessage(bId, content), { token: a.token });
    await delivered(pairHub(aId, bId).stub);
    // Messages are not logged; pinning the chat is.
    await call('/enterprise/im/setChatTop', { id: aId, is_top: 1, is_group: 0 }, { token: b.token });
    const hub = userHubStub(bId);
    // B's hub as the first release left it: the same rows in the old tables, and no schema version anywhere.
    const kept = await runInDurableObject(hub, (_hub, state) => {
      const sql = state.storage.sql;
      const chats = sql
        .exec(
          'SELECT contact_id, conversation, is_group, last_seq, read_seq, last_content, last_type, last_send_time, last_from FROM chats',
        )
        .toArray();
      const events = sql.exec('SELECT seq, type, data, time FROM events ORDER BY seq').toArray();
      for (const table of [
        'chats',
        'events',
        'seen',
        'watchers',
        'parked',
        'call_lock',
        'socket_tickets',
        'ended_sessions',
        'session_floor',
      ])
        sql.exec(`DROP TABLE IF EXISTS ${table}`);
      for (const [key] of state.storage.kv.list({ prefix: 'schema_version:' })) state.storage.kv.delete(key);
      sql.exec(OLD_SCHEMA);
      for (const c of chats)
        sql.exec(
          'INSERT INTO chats (contact_id, conversation, is_group, last_seq, read_seq, last_content, last_type, last_send_time, last_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          ...Object.values(c),
        );
      for (const e of events)
        sql.exec('INSERT INTO events (seq, type, data, time) VALUES (?, ?, ?, ?)', e.seq, e.type, e.data, e.time);
      return { lastSeq: Number(events.at(-1)!.seq) };
    });
    expect(kept.lastSeq).toBeGreaterThanOrEqual(1);
    await evictDurableObject(hub);

    const row = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find(
        (c: { id: number }) => c.id === aId,
      );
    expect(await row()).toMatchObject({ lastContent: 'two', unread: 2 });
    const socket = await connect(b.token);
    expect((await socket.next((f) => f.type === 'init')).seq).toBe(kept.lastSeq);
    await call('/enterprise/im/sendMessage', textMessage(bId, 'three'), { token: a.token });
    expect(await socket.next((f) => f.type === 'simple')).toMatchObject({
      seq: kept.lastSeq,
      data: { content: 'three', unread: 3 },
    });
    socket.close();
    const columns = await runInDurableObject(hub, (_hub, state) => ({
      chats: state.storage.sql
        .exec('PRAGMA table_info(chats)')
        .toArray()
        .map((c) => c.name),
      callLock: state.storage.sql
        .exec('PRAGMA table_info(call_lock)')
        .toArray()
        .map((c) => c.name),
      tickets: state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'tickets'").toArray().length,
    }));
    expect(columns.chats).toEqual(expect.arrayContaining(['at_seq', 'skipped', 'last_system', 'gone']));
    expect(columns.callLock).toContain('ice');
    expect(columns.tickets).toBe(0);
  });

  it('runs no schema statement when a hub at the current version wakes', async () => {
    const b = await loginUser();
    const hub = userHubStub(b.userInfo.user_id);
    await call('/enterprise/im/getContacts', {}, { token: b.token });
    const statements = await runInDurableObject(hub, (instance: UserHub, state) =>
      // A second instance over the same storage is a wake: its constructor is all a wake runs before the first request.
      statementsOf(state.storage.sql, () => new (instance.constructor as typeof UserHub)(state, env)),
    );
    expect(statements.filter((q) => SCHEMA_STATEMENT.test(q))).toEqual([]);
  });
});
