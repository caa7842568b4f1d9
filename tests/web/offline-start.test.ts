// The offline start: the chat list and the newest page of recently opened chats
// are kept per user in IndexedDB (fake-indexeddb here, through the real idb store), drawn at start
// before the network answers, replaced by what the server then sends, written only for the user
// signed in, and deleted when the session ends. The store runs for real; the network is a stand-in.
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { pageToKeep } from '../../web/src/features/chat/state/offline-copy';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { offlineCache, RECENT_CHATS } from '../../web/src/lib/offline-cache/offline-cache';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { endSession } from '../../web/src/lib/session';
import { storage } from '../../web/src/lib/storage';
import { contact, ME, message, PEER, summary, wire } from './chat-factories';
import { FakeSocket, withFakeSockets } from './fake-socket';
import { mockApi, renderApp, signIn, systemInfo } from './helpers';

const OTHER = 99;
const chat = String(PEER);

/** The server as fetch sees it: `online` false makes every request fail as with the network off. */
function network(answers: { contacts?: unknown[]; history?: unknown[] } = {}) {
  const state = { online: true };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      let data: unknown = null;
      if (path === '/common/pub/wsTicket') data = { ticket: 't' };
      if (path === '/enterprise/im/getContacts') data = answers.contacts ?? [];
      if (path === '/enterprise/im/getMessageList') data = answers.history ?? [];
      if (path === '/enterprise/im/getContactInfo') data = { ...summary(PEER), is_online: 0, last_seen: 0 };
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  return state;
}

const shown = () => thread(chatStore.getState(), chat).messages.map((m) => m.content);

describe('the offline copy', () => {
  withFakeSockets(() => session.stop());

  it("keeps each user's chats apart and writes nothing for a user who is not signed in", async () => {
    signIn();
    await offlineCache.writeList(ME, [contact(PEER)]);
    await offlineCache.writeThreads(ME, [chat], { [chat]: [message(PEER, { content: 'kept' })] });
    // Someone else's copy cannot be written while I am signed in, nor anything once signed out.
    await offlineCache.writeList(OTHER, [contact(5)]);
    expect((await offlineCache.read(OTHER)).list).toBeUndefined();
    storage.clearSession();
    await offlineCache.writeList(ME, [contact(6)]);

    const mine = await offlineCache.read(ME);
    expect(mine.list).toEqual([contact(PEER)]);
    expect(mine.recent).toEqual([chat]);
    expect(mine.threads[chat]!.map((m) => (m as { content: string }).content)).toEqual(['kept']);
  });

  it('keeps the pages of the most recently opened chats only', async () => {
    signIn();
    const recent = Array.from({ length: RECENT_CHATS + 5 }, (_, i) => String(100 + i));
    const pages = Object.fromEntries(recent.map((k) => [k, [message(PEER)]]));
    await offlineCache.writeThreads(ME, recent, pages);
    const copy = await offlineCache.read(ME);
    expect(copy.recent).toEqual(recent.slice(0, RECENT_CHATS));
    expect(Object.keys(copy.threads).sort()).toEqual(recent.slice(0, RECENT_CHATS).sort());
    // A chat that falls out of the recent ones loses its page.
    await offlineCache.writeThreads(ME, recent.slice(1, RECENT_CHATS + 1), {});
    expect((await offlineCache.read(ME)).threads[recent[0]!]).toBeUndefined();
  });

  it('keeps only acknowledged messages, the newest page of them, without upload state', () => {
    const messages = [
      ...Array.from({ length: 25 }, (_, i) => message(PEER, { content: `m${i}`, localUrl: 'blob:x' })),
      message(ME, { status: 'going', seq: 0, content: 'unsent' }),
    ];
    const page = pageToKeep({ messages, hasMore: true, loaded: true, peerReadSeq: 0 });
    expect(page.map((m) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(page.every((m) => m.localUrl === undefined)).toBe(true);
  });

  it('draws the kept chat list and thread at start, before the network answers, then the server replaces them', async () => {
    signIn();
    const kept = message(PEER, { seq: 1, msg_id: 1, content: 'kept earlier' });
    const recalled = message(PEER, { seq: 2, msg_id: 2, content: 'recalled since' });
    await offlineCache.writeList(ME, [contact(PEER, { displayName: 'Kept name' })]);
    await offlineCache.writeThreads(ME, [chat], { [chat]: [kept, recalled] });
    const net = network();
    net.online = false;

    session.start(ME, makeQueryClient());
    void chatStore.openChat(chat);
    await vi.waitFor(() => expect(shown()).toEqual(['kept earlier', 'recalled since']));
    expect(chatStore.getState().contacts.map((c) => c.displayName)).toEqual(['Kept name']);
    expect(chatStore.getState().contactsLoaded).toBe(false);

    // The network is back: the socket opens, the list and the chat on screen are read again.
    const fresh = message(PEER, { seq: 3, msg_id: 3, content: 'new while away' });
    network({ contacts: [summary(PEER, { displayName: 'New name' })], history: [kept, fresh].map(wire) });
    await vi.waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0), { timeout: 10_000 });
    FakeSocket.made.at(-1)!.open();
    await vi.waitFor(() => expect(shown()).toEqual(['kept earlier', 'new while away']));
    await vi.waitFor(() => expect(chatStore.getState().contacts.map((c) => c.displayName)).toEqual(['New name']));
  });

  it('keeps what the server sent a moment after it changed, for the next start', async () => {
    signIn();
    network({ contacts: [summary(PEER)], history: [message(PEER, { content: 'from the server' })].map(wire) });
    session.start(ME, makeQueryClient());
    await chatStore.openChat(chat);
    await vi.waitFor(
      async () => {
        const copy = await offlineCache.read(ME);
        expect(copy.list?.length).toBe(1);
        expect(copy.threads[chat]?.map((m) => (m as { content: string }).content)).toEqual(['from the server']);
      },
      { timeout: 5000 },
    );
  });

  it('deletes the copy when the session ends, and a new start draws nothing', async () => {
    signIn();
    await offlineCache.writeList(ME, [contact(PEER)]);
    await offlineCache.writeThreads(ME, [chat], { [chat]: [message(PEER)] });
    endSession();
    await vi.waitFor(async () => {
      const copy = await offlineCache.read(ME);
      expect(copy).toEqual({ list: undefined, recent: [], threads: {} });
    });
  });

  it("deletes another user's copy when a user's session starts", async () => {
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: OTHER });
    await offlineCache.writeList(OTHER, [contact(PEER)]);
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
    network();
    session.start(ME, makeQueryClient());
    await vi.waitFor(async () => expect((await offlineCache.read(OTHER)).list).toBeUndefined());
  });

  it('deletes the copy a session that expired while the app was closed left, once the login page shows', async () => {
    signIn();
    await offlineCache.writeList(ME, [contact(PEER)]);
    storage.setSession('bearer test-token', Date.now() - 1000);
    mockApi({ '/common/pub/getSystemInfo': () => systemInfo() });
    renderApp('/pages/login/index');
    await vi.waitFor(async () => expect((await offlineCache.read(ME)).list).toBeUndefined());
  });
});
