// Message retention (chatInfo.msgClear / msgClearDay): the rule's arithmetic, and a conversation's
// daily run deleting what is past the limit with its files, never its newest message, on the same
// alarm as the outbox's safety net.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { nextPruneAt, PRUNE_BATCH, retentionCutoff } from '../../worker/services/retention';
import { DEFAULTS } from '../../worker/services/system-config';
import {
  call,
  eventually,
  loginUser,
  pairHub,
  pngBytes,
  resetConfig,
  setConfig,
  textMessage,
  uploadFile,
} from './helpers';
import { connect } from './socket-helpers';

const DAY = 86_400_000;

describe('retention rule', () => {
  const now = Date.UTC(2026, 10, 22, 10, 30);
  it('keeps everything unless msgClear is on with a positive number of days', () => {
    expect(retentionCutoff(DEFAULTS.chatInfo, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: '0' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: 'soon' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: '-3' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '0', msgClearDay: '30' }, now)).toBeNull();
    expect(retentionCutoff({ ...DEFAULTS.chatInfo, msgClear: '1', msgClearDay: '30' }, now)).toBe(now - 30 * DAY);
    expect(retentionCutoff({ msgClear: 1, msgClearDay: 30 }, now)).toBe(now - 30 * DAY);
  });

  it('runs daily between 02:00 and 03:00 UTC, at a time of its own for each conversation', () => {
    const times = ['1-2', '1-3', 'group-7', 'group-8'].map((c) => nextPruneAt(now, c));
    for (const at of times) {
      expect(at).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 23, 2));
      expect(at).toBeLessThan(Date.UTC(2026, 10, 23, 3));
    }
    expect(new Set(times).size).toBeGreaterThan(1);
    expect(nextPruneAt(now + 1000, '1-2')).toBe(times[0]);
    expect(nextPruneAt(Date.UTC(2026, 10, 22, 1, 59), '1-2')).toBe(times[0]! - DAY);
    expect(nextPruneAt(times[0]!, '1-2')).toBe(times[0]! + DAY);
  });
});

/** Reads the hub's own record of its next retention run. */
const pruneAtOf = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_hub, state) =>
    Number(state.storage.sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").one().value),
  );

describe('a conversation past its retention', () => {
  afterEach(resetConfig);

  /**
   * Four messages from a to b, three of them (the first, the photo and the newest) sent three days
   * ago; b has read none. The safety alarm after the sends schedules the daily run; then it is due.
   */
  async function conversationWithOldMessages() {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'old text'), { token: a.token });
    const photo = await uploadFile(a.token, b.userInfo.user_id, 'old.png', pngBytes(6, 6));
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'recent'), { token: a.token });
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'newest but old'), { token: a.token });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const scheduled = await pruneAtOf(stub);
    const fileId = Number(String(photo.body.data.content).split('/').pop());
    const key = (await env.DB.prepare('SELECT r2_key FROM files WHERE file_id = ?1')
      .bind(fileId)
      .first<{ r2_key: string }>())!.r2_key;
    await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      sql.exec('UPDATE messages SET send_time = ? WHERE seq IN (1, 2, 4)', Date.now() - 3 * DAY);
      sql.exec("UPDATE meta SET value = ? WHERE key = 'prune_at'", String(Date.now() - 1000));
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    await evictDurableObject(stub);
    const history = async (query: Record<string, unknown> = {}) =>
      (
        await call('/enterprise/im/getMessageList', { toContactId: a.userInfo.user_id, ...query }, { token: b.token })
      ).body.data.map((m: any) => m.content);
    const download = async () => {
      const res = await exports.default.fetch(
        new Request(`http://parley.test${photo.body.data.content}`, { headers: { authorization: b.token } }),
      );
      await res.arrayBuffer();
      return res.status;
    };
    /** The daily run after now, as the hub schedules it. */
    const daily = () => nextPruneAt(Date.now(), conversation);
    return { a, b, stub, key, scheduled, daily, history, download };
  }

  it('is scheduled for the next daily run once the conversation has messages', async () => {
    const { scheduled, daily } = await conversationWithOldMessages();
    expect(scheduled).toBe(daily());
  });

  it('deletes messages older than msgClearDay and their files, keeps the newest, and runs again the next day', async () => {
    await setConfig('chatInfo', { msgClear: '1', msgClearDay: '1' });
    const { a, b, stub, key, daily, history, download } = await conversationWithOldMessages();
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await history()).toEqual(['recent', 'newest but old']);
    expect(await download()).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
    expect(await pruneAtOf(stub)).toBe(daily());
    expect(await runInDurableObject(stub, (_hub, state) => state.storage.getAlarm())).not.toBeNull();

    // Search and read marks work over what is left; the next message takes the next seq.
    expect(await history({ type: 'all', keywords: 'old' })).toEqual(['newest but old']);
    const read = await call('/enterprise/im/setMsgIsRead', { toContactId: a.userInfo.user_id }, { token: b.token });
    expect(read.body).toMatchObject({ code: 0, data: { readSeq: 4 } });
    const after = await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'after'), {
      token: b.token,
    });
    expect(after.body.data.msg_id).toBe(5);
    expect(await history()).toEqual(['recent', 'newest but old', 'after']);
  });

  it('stops counting deleted messages as unread, on the chat list and on open sockets', async () => {
    await setConfig('chatInfo', { msgClear: '1', msgClearDay: '1' });
    const { a, b, stub } = await conversationWithOldMessages();
    const unreadOfA = async (token: string) =>
      (await call('/enterprise/im/getContacts', {}, { token })).body.data.find((c: any) => c.id === a.userInfo.user_id)
        ?.unread;
    expect(await unreadOfA(b.token)).toBe(4);
    const [socket, senderSocket] = [await connect(b.token), await connect(a.token)];
    await Promise.all([socket.next((f) => f.type === 'init'), senderSocket.next((f) => f.type === 'init')]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Two of b's four unread messages were deleted ('old text' and the photo): two are left.
    const frame = await socket.next((f) => f.type === 'setUnread');
    expect(frame.data).toEqual({ id: a.userInfo.user_id, unread: 2 });
    expect(await unreadOfA(b.token)).toBe(2);
    // The sender had read everything (sending counts as reading): their devices hear nothing.
    // (Both members' deliveries go out together in the same drain.)
    await new Promise((r) => setTimeout(r, 200));
    expect(senderSocket.frames.filter((f) => f.type === 'setUnread')).toEqual([]);
    // Reading the chat still clears what is left.
    await call('/enterprise/im/setMsgIsRead', { toContactId: a.userInfo.user_id }, { token: b.token });
    await eventually(async () => expect(await unreadOfA(b.token)).toBe(0));
    socket.close();
    senderSocket.close();
  });

  it('deletes nothing while msgClear is off, and still runs the next day', async () => {
    const { stub, key, daily, history, download } = await conversationWithOldMessages();
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const kept = await history();
    expect(kept).toHaveLength(4);
    expect([kept[0], kept[2], kept[3]]).toEqual(['old text', 'recent', 'newest but old']);
    expect(await download()).toBe(200);
    expect(await env.FILES.head(key)).not.toBeNull();
    expect(await pruneAtOf(stub)).toBe(daily());
  });

  it(`deletes at most ${PRUNE_BATCH} messages per run and comes back within seconds for the rest`, async () => {
    await setConfig('chatInfo', { msgClear: '1', msgClearDay: '1' });
    const { stub, daily, history } = await conversationWithOldMessages();
    // 600 more old messages before the four, as if written long ago.
    await runInDurableObject(stub, (_hub, state) => {
      const sql = state.storage.sql;
      const card = String(sql.exec('SELECT from_card FROM messages WHERE seq = 1').one().from_card);
      const from = Number(sql.exec('SELECT from_user FROM messages WHERE seq = 1').one().from_user);
      sql.exec('UPDATE messages SET seq = seq + 600');
      sql.exec(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
         INSERT INTO messages (seq, id, from_user, type, content, send_time, from_card) SELECT i, 'bulk-' || i, ?, 'text', 'bulk', ?, ? FROM n`,
        from,
        Date.now() - 5 * DAY,
        card,
      );
    });
    const count = () =>
      runInDurableObject(stub, (_hub, state) =>
        Number(state.storage.sql.exec('SELECT COUNT(*) AS n FROM messages').one().n),
      );

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await count()).toBe(604 - PRUNE_BATCH);
    expect(await pruneAtOf(stub)).toBeLessThan(Date.now() + 60_000);
    // A second later:
    await runInDurableObject(stub, (_hub, state) => {
      state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'prune_at'", String(Date.now() - 1));
      return state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await history()).toEqual(['recent', 'newest but old']);
    expect(await pruneAtOf(stub)).toBe(daily());
  });
});

describe('retention sharing the alarm with the outbox', () => {
  it('lets the safety net deliver first, then the alarm returns to the daily run', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { conversation, stub } = pairHub(a.userInfo.user_id, b.userInfo.user_id);
    const lastContent = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find(
        (c: any) => c.id === a.userInfo.user_id,
      )?.lastContent;
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), { token: a.token });
    const alarm = () => runInDurableObject(stub, (_hub, state) => state.storage.getAlarm());
    /** Runs the safety alarms that deliveries arm (at most three) until the alarm is back on the daily run. */
    const settle = async (daily: number) => {
      for (let i = 0; i < 3 && (await alarm()) !== daily; i++) expect(await runDurableObjectAlarm(stub)).toBe(true);
    };
    await eventually(async () => expect(await lastContent()).toBe('first'));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const daily = await pruneAtOf(stub);
    expect(daily).toBe(nextPruneAt(Date.now(), conversation));
    await settle(daily);
    expect(await alarm()).toBe(daily);

    // A second message arms the safety alarm in place of the daily run; then the hub dies with an
    // event still in its outbox.
    const socket = await connect(b.token);
    await socket.next((f) => f.type === 'init');
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'second'), { token: a.token });
    expect(await alarm()).toBeLessThan(daily);
    await runInDurableObject(stub, (_hub, state) => {
      const message = {
        ...sent.body.data,
        id: 'lost-in-flight',
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

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await socket.next((f) => f.type === 'simple' && f.data.msg_id === 99)).data.content).toBe('recovered');
    socket.close();
    // Delivering armed the safety net again (to delete the delivered rows); once that has run, the
    // alarm is back on the daily run, which nothing moved.
    await settle(daily);
    expect(
      await runInDurableObject(
        stub,
        (_hub, state) => state.storage.sql.exec('SELECT COUNT(*) AS n FROM fanout').one().n,
      ),
    ).toBe(0);
    expect(await pruneAtOf(stub)).toBe(daily);
    expect(await alarm()).toBe(daily);
  });
});
