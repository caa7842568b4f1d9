// The running chat store tells its outbox the network is back on each sign of it: the browser's
// 'online' event, any frame on the socket, and any answer from the server; and no longer once the
// store is stopped (signed out). The store runs for real; the network is a stand-in (fetch
// answers, a fake WebSocket).
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { storage } from '../../web/src/lib/storage';
import { frame, ME, PEER, summary } from './chat-factories';
import { FakeSocket, withFakeSockets } from './fake-socket';
import { signIn } from './helpers';

/** Starts the store with an open socket; answers the spy on the outbox's `networkBack` once startup is quiet. */
async function startStore() {
  let listAnswers = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/enterprise/im/getContacts') listAnswers += 1;
      const data =
        path === '/common/pub/wsTicket'
          ? { ticket: 't' }
          : path === '/enterprise/im/getContacts'
            ? [summary(PEER)]
            : null;
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  const networkBack = vi.spyOn(chatStore.sender, 'networkBack');
  session.start(ME, makeQueryClient());
  await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
  const socket = FakeSocket.made[0]!;
  socket.open();
  // Quiet: the list asked at the start and again on the socket's opening has been answered.
  await vi.waitFor(() => expect(listAnswers).toBe(2));
  await new Promise((resolve) => setTimeout(resolve, 0));
  networkBack.mockClear();
  return { socket, networkBack };
}

describe('network-back signals', () => {
  withFakeSockets(() => session.stop());

  it('retries the outbox when the browser says it is online again', async () => {
    const { networkBack } = await startStore();
    window.dispatchEvent(new Event('online'));
    expect(networkBack).toHaveBeenCalledTimes(1);
  });

  it('retries the outbox on any frame from the socket', async () => {
    const { socket, networkBack } = await startStore();
    socket.push(frame('isOnline', { id: PEER, is_online: 1 }));
    expect(networkBack).toHaveBeenCalledTimes(1);
  });

  it('retries the outbox when the server answers a request', async () => {
    const { networkBack } = await startStore();
    await chatStore.loadContacts();
    expect(networkBack).toHaveBeenCalledTimes(1);
  });

  it('hears none of the signals once stopped', async () => {
    const { socket, networkBack } = await startStore();
    session.stop();
    window.dispatchEvent(new Event('online'));
    socket.push(frame('isOnline', { id: PEER, is_online: 1 }));
    await chatStore.loadContacts();
    expect(networkBack).not.toHaveBeenCalled();
  });
});
