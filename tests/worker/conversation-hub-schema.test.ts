// A ConversationHub's tables belong to its modules (the log, the fan-out, reactions, the group),
// each brought up to date by its schema steps (worker/durable/migrations.ts): a hub made before
// the steps were counted keeps its messages, members and roles, and gets the later columns and
// the partial file index; a wake at the current version runs no schema statement.
import { env, evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import type { ConversationHub } from '../../worker/durable/conversation/hub';
import { conversationHub } from '../../worker/durable/stubs';
import { createGroup, groupCall, ok, uid } from './group-helpers';
import { call, delivered, loginUser, textMessage } from './helpers';
import { SCHEMA_STATEMENT, statementsOf } from './schema-helpers';

/** The first ConversationHub tables as hubs made then still hold them: a full file index, role rows without nicknames, a per-member outbox. */
const OLD_SCHEMA = `
CREATE TABLE members (user_id INTEGER PRIMARY KEY, read_seq INTEGER NOT NULL DEFAULT 0);
CREATE TABLE messages (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, from_user INTEGER NOT NULL, type TEXT NOT NULL,
  content TEXT NOT NULL, extends TEXT, pid INTEGER NOT NULL DEFAULT 0, send_time INTEGER NOT NULL,
  is_undo INTEGER NOT NULL DEFAULT 0, from_card TEXT NOT NULL, file TEXT);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX messages_file ON messages (json_extract(file, '$.file_id'));
CREATE TABLE group_roles (user_id INTEGER PRIMARY KEY, role INTEGER NOT NULL, join_time INTEGER NOT NULL, no_speak_time INTEGER NOT NULL DEFAULT 0);
CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, event TEXT NOT NULL);
`;

const TABLES = ['members', 'messages', 'meta', 'group_roles', 'departures', 'former_sight', 'fanout', 'reactions'];

describe('ConversationHub schema', () => {
  it('keeps the messages, members and roles of a hub made before schema versions were counted', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    for (const content of ['one', 'two'])
      await call('/enterprise/im/sendMessage', textMessage(id, content), { token: a.token });
    const stub = conversationHub(env, id) as unknown as DurableObjectStub;
    await delivered(stub);
    const kept = await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      const read = (table: string, columns: string) => sql.exec(`SELECT ${columns} FROM ${table}`).toArray();
      const rows = {
        members: read('members', 'user_id, read_seq'),
        messages: read('messages', '*'),
        meta: read('meta', 'key, value'),
        group_roles: read('group_roles', 'user_id, role, join_time, no_speak_time'),
      };
      for (const table of TABLES) sql.exec(`DROP TABLE IF EXISTS ${table}`);
      for (const [key] of state.storage.kv.list({ prefix: 'schema_version:' })) state.storage.kv.delete(key);
      sql.exec(OLD_SCHEMA);
      for (const [table, list] of Object.entries(rows))
        for (const row of list) {
          const columns = Object.keys(row);
          sql.exec(
            `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
            ...Object.values(row),
          );
        }
      return rows.messages.length;
    });
    expect(kept).toBeGreaterThanOrEqual(2);
    await evictDurableObject(stub);

    const history = await call('/enterprise/im/getMessageList', { toContactId: id, is_group: 1 }, { token: b.token });
    expect(history.body.code, JSON.stringify(history.body)).toBe(0);
    expect((history.body.data as { content: string }[]).map((m) => m.content)).toEqual(
      expect.arrayContaining(['one', 'two']),
    );
    await ok(groupCall('setNickname', { id, nickname: 'Bee' }, b));
    const members = (await groupCall('groupUserList', { group_id: id }, a)).body.data;
    expect(members.find((m: { user_id: number }) => m.user_id === uid(b))).toMatchObject({ nickname: 'Bee' });
    await call('/enterprise/im/sendMessage', textMessage(id, 'three'), { token: a.token });
    await delivered(stub);

    const after = await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      const names = (type: string) =>
        sql
          .exec(`SELECT name, sql FROM sqlite_master WHERE type = ?`, type)
          .toArray()
          .map((r) => ({ name: String(r.name), sql: String(r.sql) }));
      return {
        tables: names('table').map((t) => t.name),
        fileIndex: names('index').find((i) => i.name === 'messages_file')?.sql ?? '',
        versions: Object.fromEntries(state.storage.kv.list({ prefix: 'schema_version:' })),
      };
    });
    expect(after.tables).toEqual(expect.arrayContaining(['fanout', 'reactions', 'departures', 'former_sight']));
    expect(after.tables).not.toContain('outbox');
    expect(after.fileIndex).toContain('WHERE');
    expect(after.versions).toEqual({
      'schema_version:messages': 1,
      'schema_version:fanout': 1,
      'schema_version:reactions': 1,
      'schema_version:groups': 1,
    });
  });

  it('runs no schema statement when a hub at the current version wakes', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await call('/enterprise/im/sendMessage', textMessage(uid(b), 'hello'), { token: a.token });
    const pair = [uid(a), uid(b)].sort((x, y) => x - y).join('-');
    const stub = conversationHub(env, pair) as unknown as DurableObjectStub;
    const statements = await runInDurableObject(stub, (instance, state) =>
      statementsOf(state.storage.sql, async () => {
        // A second instance over the same storage is a wake; then its first requests: a chat row, a page of history, a reaction.
        const woken = new (instance.constructor as typeof ConversationHub)(state as DurableObjectState, env);
        await woken.chatState(pair, uid(b));
        const page = await woken.history(pair, uid(b), { beforeSeq: null, limit: 20, page: 1 });
        if (!page.ok) throw new Error(page.key);
        await woken.react(pair, uid(b), page.value.list[0]!.seq, '👍', 10);
      }),
    );
    expect(statements.filter((q) => SCHEMA_STATEMENT.test(q))).toEqual([]);
  });
});
