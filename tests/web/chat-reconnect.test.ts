// After a reconnect the server replays only logged events (`sync`), not messages: the
// chat list and the chat on screen are read again, and every other loaded thread forgets what it
// had (keeping unsent messages), so it is read again when next opened. When more was missed than
// one page, the newest page replaces the chat on screen rather than leaving a hole in it.
// The store runs for real; the network is a stand-in (fetch answers, a fake WebSocket).
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { storage } from '../../web/src/lib/storage';
import { card, ME, message, PEER, summary, wire } from './chat-factories';
import { FakeSocket, withFakeSockets } from './fake-socket';
import { signIn } from './helpers';

const OTHER = 9;
type Wire = ReturnType<typeof wire>;

/** Starts the store with fetch answering `histories` (per contact); answers the open socket. */
async function start(histories: Record<string, Wire[]>, reads: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { toContactId?: string };
      let data: unknown = null;
      if (path === '/common/pub/wsTicket') data = { ticket: 't' };
      if (path === '/enterprise/im/getContacts') data = [summary(PEER), summary(OTHER)];
      if (path === '/enterprise/im/getContactInfo') data = card(PEER);
      if (path === '/enterprise/im/getMessageList') data = histories[String(body.toContactId)] ?? [];
      if (path === '/enterprise/im/setMsgIsRead') {
        reads.push(String(body.toContactId));
        data = { readSeq: 0 };
      }
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  session.start(ME, makeQueryClient());
  await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
  FakeSocket.made[0]!.open();
}

const contents = (key: number) => thread(chatStore.getState(), String(key)).messages.map((m) => m.content);

describe('a reconnect', () => {
  withFakeSockets(() => session.stop());

  it('forgets the threads not on screen, reads the one on screen again and marks what it missed read', async () => {
    const histories: Record<string, Wire[]> = {
      [String(OTHER)]: [wire(message(OTHER, { seq: 1, msg_id: 1, content: 'other, seen' }))],
      [String(PEER)]: [wire(message(PEER, { seq: 1, msg_id: 1, content: 'seen' }))],
    };
    const reads: string[] = [];
    await start(histories, reads);
    await chatStore.openChat(String(OTHER));
    await chatStore.openChat(String(PEER));
    expect(contents(OTHER)).toEqual(['other, seen']);
    expect(contents(PEER)).toEqual(['seen']);

    histories[String(PEER)] = [
      ...histories[String(PEER)]!,
      wire(message(PEER, { seq: 2, msg_id: 2, content: 'missed while away' })),
    ];
    FakeSocket.made[0]!.drop();
    chatStore.reconnect();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 5000 });
    FakeSocket.made[1]!.open();
    const readsBefore = reads.length;
    await vi.waitFor(() => expect(contents(PEER)).toEqual(['seen', 'missed while away']));
    expect(thread(chatStore.getState(), String(OTHER))).toMatchObject({ messages: [], loaded: false });
    // The chat is on screen, so what it missed is read, as a live message would be.
    await vi.waitFor(() => expect(reads.slice(readsBefore)).toContain(String(PEER)));
  });

  it('replaces the chat on screen with the newest page when more than a page was missed', async () => {
    const histories: Record<string, Wire[]> = {
      [String(PEER)]: [wire(message(PEER, { seq: 1, msg_id: 1, content: 'old' }))],
    };
    await start(histories);
    await chatStore.openChat(String(PEER));
    expect(contents(PEER)).toEqual(['old']);

    // Twenty newer messages, seq 30 to 49: seq 2 to 29 lie between, unseen.
    histories[String(PEER)] = Array.from({ length: 20 }, (_, i) =>
      wire(message(PEER, { seq: 30 + i, msg_id: 30 + i, content: `new ${i}` })),
    );
    FakeSocket.made[0]!.drop();
    chatStore.reconnect();
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2), { timeout: 5000 });
    FakeSocket.made[1]!.open();
    await vi.waitFor(() => expect(contents(PEER)[0]).toBe('new 0'));
    expect(contents(PEER)).toHaveLength(20);
    expect(thread(chatStore.getState(), String(PEER)).hasMore).toBe(true);
  });
});
