import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { call, delivered, loginUser, pairHub, textMessage, userHubStub } from './helpers';
import { connect } from './socket-helpers';

describe('reconnect and sync', () => {
  // A message is a live frame, not a logged event: a device that missed some reads the
  // chat list and the thread's history; `sync` replays what the log holds (recalls, reads, changes).
  it('replays exactly the logged events missed while disconnected, once each, in order; missed messages are on the chat list', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const first = await connect(b.token);
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'before'), { token: a.token });
    const seen = await first.next((f) => f.type === 'simple');
    first.close();
    const sent: { body: { data: { id: string } } }[] = [];
    for (const content of ['one', 'two', 'three'])
      sent.push(await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, content), { token: a.token }));
    for (const i of [0, 1])
      await call(
        '/enterprise/im/undoMessage',
        { id: sent[i]!.body.data.id, toContactId: b.userInfo.user_id },
        { token: a.token },
      );
    await delivered(pairHub(a.userInfo.user_id, b.userInfo.user_id).stub);
    const second = await connect(b.token);
    const init = await second.next((f) => f.type === 'init');
    expect(init.seq).toBe(seen.seq + 2);
    second.send({ type: 'sync', since: seen.seq });
    await second.until((f) => f.filter((x) => x.type === 'undoMessage').length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(second.frames.filter((f) => f.type === 'undoMessage').map((f) => [f.seq, f.data.id])).toEqual([
      [seen.seq + 1, sent[0]!.body.data.id],
      [seen.seq + 2, sent[1]!.body.data.id],
    ]);
    expect(second.frames.filter((f) => f.type === 'simple')).toEqual([]);
    const list = await call('/enterprise/im/getcontacts', {}, { token: b.token });
    expect(list.body.data.find((c: { id: number }) => c.id === a.userInfo.user_id)).toMatchObject({
      lastContent: 'three',
      unread: 4,
    });
    second.close();
  });

  it('never hands out an event seq twice, even after old events were pruned and the hub was evicted', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sent: { body: { data: { id: string } } }[] = [];
    for (const content of ['one', 'two', 'three', 'four'])
      sent.push(await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, content), { token: a.token }));
    const recall = (i: number) =>
      call(
        '/enterprise/im/undoMessage',
        { id: sent[i]!.body.data.id, toContactId: b.userInfo.user_id },
        { token: a.token },
      );
    for (const i of [0, 1, 2]) await recall(i);
    await delivered(pairHub(a.userInfo.user_id, b.userInfo.user_id).stub);
    const hub = userHubStub(b.userInfo.user_id);
    // What pruning leaves: only the newest event (the log keeps no AUTOINCREMENT counter; the newest row is the counter).
    const newest = await runInDurableObject(hub, (_h, state) => {
      const sql = state.storage.sql;
      const max = Number(sql.exec('SELECT MAX(seq) AS s FROM events').one().s);
      sql.exec('DELETE FROM events WHERE seq < ?', max);
      return max;
    });
    expect(newest).toBeGreaterThanOrEqual(3);
    await evictDurableObject(hub);
    const socket = await connect(b.token);
    expect((await socket.next((f) => f.type === 'init')).seq).toBe(newest);
    await recall(3);
    expect((await socket.next((f) => f.type === 'undoMessage')).seq).toBe(newest + 1);
    socket.close();
  });

  it('answers the exact ping text with pong and refuses malformed frames with an error frame', async () => {
    const b = await loginUser();
    const socket = await connect(b.token);
    socket.send('{"type":"ping"}');
    await socket.next((f) => f.type === 'pong');
    for (const bad of [
      'not json',
      '{"type":"sync","since":-1}',
      '{"type":"launch"}',
      '[]',
      '{"type":"sync","since":"0"}',
    ])
      socket.send(bad);
    const errors = await socket.until((f) => f.filter((x) => x.type === 'error').length >= 5);
    expect(errors.filter((f) => f.type === 'error')[0].data.code).toBe(400);
    socket.send({ type: 'ping' });
    await socket.until((f) => f.filter((x) => x.type === 'pong').length >= 2);
    socket.close();
  });

  it('refuses a ticket used twice, a forged ticket, and an upgrade without a ticket', async () => {
    const b = await loginUser();
    const { body } = await call('/common/pub/wsTicket', {}, { token: b.token });
    const upgrade = (q: string) =>
      exports.default.fetch(new Request(`http://parley.test/wss${q}`, { headers: { upgrade: 'websocket' } }));
    const ok = await upgrade(`?ticket=${body.data.ticket}`);
    expect(ok.status).toBe(101);
    ok.webSocket!.accept();
    ok.webSocket!.close();
    expect((await upgrade(`?ticket=${body.data.ticket}`)).status).toBe(401);
    expect((await upgrade(`?ticket=${b.userInfo.user_id}.${'0'.repeat(32)}`)).status).toBe(401);
    expect((await upgrade('')).status).toBe(401);
    expect((await call('/common/pub/wsTicket', {})).status).toBe(401);
  });
});

describe('socket origin', () => {
  it('refuses an upgrade from another site, from `Origin: null` and from a malformed origin with 403', async () => {
    const { token } = await loginUser();
    for (const origin of ['https://evil.example', 'null', 'not a url']) {
      const { body } = await call('/common/pub/wsTicket', { device_id: 'origin-test' }, { token });
      const res = await exports.default.fetch(
        new Request(`http://parley.test/wss?ticket=${body.data.ticket}`, { headers: { upgrade: 'websocket', origin } }),
      );
      expect(res.status).toBe(403);
      await res.text();
    }
  });
});
