// Limits on a user's sockets: at most MAX_SOCKETS_PER_USER open (a new one closes the oldest with
// REPLACED_CLOSE_CODE), and one replay per socket per SYNC_INTERVAL_MS (the sync a client sends
// right after opening is always answered; one too soon gets an error frame and no replay).
import { describe, expect, it } from 'vitest';

import { MAX_SOCKETS_PER_USER, REPLACED_CLOSE_CODE, SYNC_INTERVAL_MS } from '../../worker/services/socket-rules';
import { call, delivered, loginUser, pairHub, textMessage } from './helpers';
import { closeCode, connect, type Socket } from './socket-helpers';

describe('sockets per user', () => {
  it('closes the oldest socket when one more than the cap opens', async () => {
    const me = await loginUser();
    const sockets: Socket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await connect(me.token, `device-${i}`));
    const newest = await connect(me.token, 'one-too-many');
    expect(await closeCode(sockets[0]!)).toBe(REPLACED_CLOSE_CODE);
    expect(await Promise.all([...sockets.slice(1), newest].map((s) => closeCode(s, 200)))).toEqual(
      Array(MAX_SOCKETS_PER_USER).fill('open'),
    );
  });
});

describe('replays per socket', () => {
  it('answers the sync sent right after opening, refuses another one too soon, and answers again later', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    // A recall is logged (a message is not), so a sync replays it.
    const sent = await call('/enterprise/im/sendMessage', textMessage(me.userInfo.user_id, 'missed'), {
      token: peer.token,
    });
    await call(
      '/enterprise/im/undoMessage',
      { id: sent.body.data.id, toContactId: me.userInfo.user_id },
      { token: peer.token },
    );
    await delivered(pairHub(me.userInfo.user_id, peer.userInfo.user_id).stub);
    const socket = await connect(me.token);
    await socket.next((f) => f.type === 'init');
    socket.send({ type: 'sync', since: 0 });
    await socket.next((f) => f.type === 'undoMessage');
    socket.send({ type: 'sync', since: 0 });
    const refused = await socket.next((f) => f.type === 'error');
    expect(refused.data.code).toBe(400);
    expect(socket.frames.filter((f) => f.type === 'undoMessage')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, SYNC_INTERVAL_MS));
    socket.send({ type: 'sync', since: 0 });
    await socket.until((frames) => frames.filter((f) => f.type === 'undoMessage').length === 2);
  });
});
