// When the server says too much was missed to replay (`resync`: a long sleep, a busy group), the
// loaded history is forgotten and the chat on screen is loaded again, so it shows what the server
// has now: messages it never got, recalls it never heard of. Only unsent messages are kept.
// The store runs for real; the network is a stand-in (fetch answers, a fake WebSocket).
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { realtime } from '../../web/src/lib/realtime';
import { storage } from '../../web/src/lib/storage';
import { card, chatState, contact, frame, ME, message, PEER, summary, wire } from './chat-factories';
import { FakeSocket, withFakeSockets } from './fake-socket';
import { signIn } from './helpers';

const DEVICE = { clientId: 'this-client', isMobile: false, multipleLogin: false };

describe('resync', () => {
  it('forgets every loaded thread but the unsent messages, and asks for the lists again', () => {
    const sent = message(PEER, { seq: 4 });
    const unsent = message(ME, { status: 'failed', seq: 0, toContactId: PEER });
    const other = message(9, { seq: 2 });
    const start = chatState({
      contacts: [contact(PEER), contact(9)],
      openContact: String(PEER),
      threads: {
        [String(PEER)]: { messages: [sent, unsent], hasMore: false, loaded: true, peerReadSeq: 4 },
        '9': { messages: [other], hasMore: false, loaded: true, peerReadSeq: 0 },
      },
    });
    const { state, effects } = applyFrame(start, frame('resync', undefined, 2500), DEVICE);
    expect(thread(state, String(PEER))).toEqual({ messages: [unsent], hasMore: true, loaded: false, peerReadSeq: 0 });
    expect(thread(state, '9')).toEqual({ messages: [], hasMore: true, loaded: false, peerReadSeq: 0 });
    expect(state.contacts).toEqual(start.contacts);
    expect(effects).toEqual([{ kind: 'reloadContacts' }, { kind: 'reloadOpenThread' }]);
  });

  describe('in the running store', () => {
    withFakeSockets(() => session.stop());

    it('loads the chat on screen again from the server', async () => {
      // What the server has: the message the client saw is recalled, and two came after it.
      const seen = message(PEER, { seq: 1, msg_id: 1, content: 'seen' });
      let history = [seen];
      const historyCalls: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (path: string, init: RequestInit) => {
          const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
          let data: unknown = null;
          if (path === '/common/pub/wsTicket') data = { ticket: 't' };
          if (path === '/enterprise/im/getContacts') data = [summary(PEER)];
          if (path === '/enterprise/im/getContactInfo') data = card(PEER, { is_online: 1 });
          if (path === '/enterprise/im/getMessageList') {
            historyCalls.push(body);
            data = history.map(wire);
          }
          return new Response(JSON.stringify({ code: 0, msg: '', data }));
        }),
      );
      signIn();
      storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
      session.start(ME, makeQueryClient());
      await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
      const socket = FakeSocket.made[0]!;
      socket.open();
      await chatStore.openChat(String(PEER));
      expect(thread(chatStore.getState(), String(PEER)).messages.map((m) => m.content)).toEqual(['seen']);

      // Away for long: the server moved on, and says so on the next sync.
      history = [
        { ...seen, is_undo: 1, type: 'event', content: '' },
        message(PEER, { seq: 2, msg_id: 2, content: 'while you were away' }),
        message(PEER, { seq: 3, msg_id: 3, content: 'and this' }),
      ];
      const callsBefore = historyCalls.length;
      socket.push({ type: 'resync', seq: 4000 });
      await vi.waitFor(() => expect(thread(chatStore.getState(), String(PEER)).loaded).toBe(true));
      const shown = thread(chatStore.getState(), String(PEER)).messages;
      expect(shown.map((m) => [m.content, m.is_undo])).toEqual([
        ['', 1],
        ['while you were away', 0],
        ['and this', 0],
      ]);
      // The newest page, not a page before the old oldest message.
      expect(historyCalls.slice(callsBefore)).toEqual([{ toContactId: String(PEER), limit: 20 }]);
      expect(realtime.lastEventSeq).toBe(4000);
    });

    it('merges the newest page of the chat on screen when a socket opens, so nothing sent before it is missing', async () => {
      const first = message(PEER, { seq: 1, msg_id: 1, content: 'first' });
      let history = [first];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (path: string) => {
          let data: unknown = null;
          if (path === '/common/pub/wsTicket') data = { ticket: 't' };
          if (path === '/enterprise/im/getContacts') data = [summary(PEER)];
          if (path === '/enterprise/im/getContactInfo') data = card(PEER);
          if (path === '/enterprise/im/getMessageList') data = history.map(wire);
          return new Response(JSON.stringify({ code: 0, msg: '', data }));
        }),
      );
      signIn();
      storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
      session.start(ME, makeQueryClient());
      await chatStore.openChat(String(PEER));
      // A message arrives after the thread was loaded but before the socket is there to push it.
      history = [first, message(PEER, { seq: 2, msg_id: 2, content: 'before the socket' })];
      await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
      FakeSocket.made[0]!.open();
      await vi.waitFor(() =>
        expect(thread(chatStore.getState(), String(PEER)).messages.map((m) => m.content)).toEqual([
          'first',
          'before the socket',
        ]),
      );
    });
  });
});
