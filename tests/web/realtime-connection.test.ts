// The app-level realtime connection: one socket per tab whose frames any feature can subscribe
// to by type. The WebSocket is a stand-in (jsdom has no server); the frames are the protocol's.
import 'fake-indexeddb/auto';

import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { RealtimeConnection } from '../../web/src/lib/realtime';
import { storage } from '../../web/src/lib/storage';
import { card, frame, ME, message, PEER, pushed, summary } from './chat-factories';
import { FakeSocket } from './fake-socket';
import { signIn } from './helpers';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const online = (seq: number, is_online = 1) => ({ type: 'isOnline', time: 1, seq, data: { id: PEER, is_online } });

async function connected() {
  const connection = new RealtimeConnection(async () => 'ticket');
  connection.start(ME);
  await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
  const socket = FakeSocket.made[0]!;
  socket.open();
  return { connection, socket };
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the realtime connection', () => {
  it('gives every subscriber of a type each frame, and stops when one unsubscribes', async () => {
    const { connection, socket } = await connected();
    const first: number[] = [];
    const second: number[] = [];
    const offFirst = connection.on('isOnline', (f) => first.push(f.data.is_online));
    connection.on('isOnline', (f) => second.push(f.data.is_online));
    const other = vi.fn();
    connection.on('setUnread', other);
    socket.push(online(1, 1));
    offFirst();
    socket.push(online(2, 0));
    expect(first).toEqual([1]);
    expect(second).toEqual([1, 0]);
    expect(other).not.toHaveBeenCalled();
    connection.stop();
  });

  it('gives a frame of any type to a subscriber of every frame, after those of its type (a sign the network is there)', async () => {
    const { connection, socket } = await connected();
    const seen: string[] = [];
    connection.on('isOnline', () => seen.push('isOnline subscriber'));
    const off = connection.onAnyFrame((f) => seen.push(`any: ${f.type}`));
    socket.push(online(1, 1));
    socket.push(frame('setUnread', { id: PEER, unread: 0 }, 2));
    off();
    socket.push(online(3, 0));
    expect(seen).toEqual(['isOnline subscriber', 'any: isOnline', 'any: setUnread', 'isOnline subscriber']);
    connection.stop();
  });

  it('still gives a frame to the other subscribers when one of them throws', async () => {
    const { connection, socket } = await connected();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen = vi.fn();
    connection.on('isOnline', () => {
      throw new Error('a broken feature');
    });
    connection.on('isOnline', seen);
    socket.push(online(1));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalled();
    connection.stop();
  });

  it('starts from the position init reports, follows every frame, and asks for what it missed after a reconnect', async () => {
    vi.useFakeTimers();
    const connection = new RealtimeConnection(async () => 'ticket');
    connection.start(ME);
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.made[0]!;
    socket.open();
    // A fresh tab asks for no replay: the whole log would come again, each old message ringing.
    expect(socket.sent).toEqual([]);
    socket.push({ type: 'init', client_id: 'abc', seq: 40 });
    expect([connection.clientId, connection.lastEventSeq]).toEqual(['abc', 40]);
    socket.push(online(41));
    socket.push(online(42));
    socket.drop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeSocket.made).toHaveLength(2);
    const again = FakeSocket.made[1]!;
    again.open();
    // A reconnect's init does not move the position back to the hub's newest: the sync replays from 42.
    again.push({ type: 'init', client_id: 'def', seq: 45 });
    expect(again.sent).toEqual([JSON.stringify({ type: 'sync', since: 42 })]);
    expect(connection.lastEventSeq).toBe(42);
    connection.stop();
    expect(connection.lastEventSeq).toBe(0);
    vi.useRealTimers();
  });
});

describe('the realtime connection over an empty log', () => {
  it('asks for everything since 0 after a reconnect when the log was empty at the first init', async () => {
    vi.useFakeTimers();
    const connection = new RealtimeConnection(async () => 'ticket');
    connection.start(ME);
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.made[0]!;
    socket.open();
    socket.push({ type: 'init', client_id: 'abc', seq: 0 });
    // Events 1 and 2 (a read mark, say) are logged while the socket is away.
    socket.drop();
    await vi.advanceTimersByTimeAsync(5000);
    const again = FakeSocket.made[1]!;
    again.open();
    expect(again.sent).toEqual([JSON.stringify({ type: 'sync', since: 0 })]);
    connection.stop();
    vi.useRealTimers();
  });
});

describe('a frame that does not match the protocol', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        let data: unknown = null;
        if (path === '/common/pub/wsTicket') data = { ticket: 't' };
        if (path === '/enterprise/im/getContacts') data = [summary(PEER, { unread: 1, lastContent: 'before' })];
        if (path === '/enterprise/im/getContactInfo') data = card(PEER);
        return new Response(JSON.stringify({ code: 0, msg: '', data }));
      }),
    );
  });
  afterEach(() => session.stop());

  it('is dropped whole: the chat list stays as it was, and the next good frame is applied', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
    session.start(ME, makeQueryClient());
    await vi.waitFor(() => expect(chatStore.getState().contactsLoaded).toBe(true));
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    const socket = FakeSocket.made[0]!;
    socket.open();
    // The reconnect's reload of the chat list lands first.
    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.filter(([path]) => path === '/enterprise/im/getContacts')).toHaveLength(2),
    );
    await settle();
    const before = chatStore.getState();

    // A message whose sender card is missing: applied, it would change the preview and then fail.
    const broken = { ...pushed(message(PEER, { content: 'half' }), 2), fromUser: undefined };
    socket.push({ type: 'simple', time: 1, seq: 5, data: broken });
    // A known type with a field of the wrong kind, and a type nobody knows.
    socket.push({ type: 'setUnread', time: 1, seq: 6, data: { id: PEER, unread: 'many' } });
    socket.push({ type: 'somethingNew', time: 1, seq: 7, data: {} });
    await settle();
    expect(chatStore.getState()).toBe(before);
    expect(console.warn).toHaveBeenCalledTimes(3);

    socket.push(frame('simple', pushed(message(PEER, { content: 'after' }), 2)));
    const row = chatStore.getState().contacts.find((c) => c.id === PEER)!;
    expect([row.lastContent, row.unread]).toEqual(['after', 2]);
    expect(thread(chatStore.getState(), String(PEER)).messages).toEqual([]);
  });
});
