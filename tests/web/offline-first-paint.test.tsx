// A signed-in start with an offline copy (Speed): the chat list and the open chat are
// drawn from the copy kept in IndexedDB while none of the app's requests has been answered, and
// the server's answers then replace them (a renamed contact, a message recalled meanwhile, a new
// one). The real route table, store and copy (fake-indexeddb); the network is held until the test
// lets it answer.
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { offlineCache } from '../../web/src/lib/offline-cache/offline-cache';
import { storage } from '../../web/src/lib/storage';
import { contact, ME, message, PEER, summary, wire } from './chat-factories';
import { withFakeSockets } from './fake-socket';
import { renderApp, signIn, systemInfo } from './helpers';

const chat = String(PEER);
const kept = message(PEER, { seq: 1, msg_id: 1, content: 'kept hello' });
const recalled = message(PEER, { seq: 2, msg_id: 2, content: 'recalled since' });

/** Signed in with a kept copy; every request waits until `answer()`, which answers with `fresh`. */
async function startWithCopy() {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  storage.setGlobalConfig(systemInfo());
  await offlineCache.writeList(ME, [contact(PEER, { displayName: 'Anna', lastContent: 'recalled since' })]);
  await offlineCache.writeThreads(ME, [chat], { [chat]: [kept, recalled] });

  const fresh = message(PEER, { seq: 3, msg_id: 3, content: 'new from the server' });
  const held: Array<() => void> = [];
  let open = false;
  const reply = (path: string) => {
    let data: unknown = null;
    if (path === '/common/pub/wsTicket') throw new TypeError('no socket here');
    if (path === '/enterprise/im/getContacts') data = [summary(PEER, { displayName: 'Anna B.' })];
    if (path === '/enterprise/im/getMessageList') data = [kept, fresh].map(wire);
    return new Response(JSON.stringify({ code: 0, msg: '', data }));
  };
  const fetchMock = vi.fn(
    (path: string) =>
      new Promise<Response>((resolve, reject) => {
        const go = () => {
          try {
            resolve(reply(path));
          } catch (error) {
            reject(error as Error);
          }
        };
        if (open) go();
        else held.push(go);
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: () => {
      open = true;
      held.splice(0).forEach((go) => go());
    },
  };
}

describe('a signed-in start with an offline copy', () => {
  withFakeSockets(() => {
    session.stop();
    vi.restoreAllMocks();
  });

  it('draws the chat list from the copy before any request is answered, then the server’s list', async () => {
    const net = await startWithCopy();
    renderApp(PATHS.home);
    const list = await screen.findByRole('list', { name: 'Messages' });
    await within(list).findByText('Anna');
    expect(net.fetchMock).toHaveBeenCalledWith('/enterprise/im/getContacts', expect.anything());
    expect(screen.queryByText('Loading…')).toBeNull();

    net.answer();
    await within(list).findByText('Anna B.');
  });

  it('draws the open chat’s kept messages before any request is answered, then the server’s page', async () => {
    const net = await startWithCopy();
    renderApp(`${PATHS.chat}?id=${chat}`);
    await screen.findByText('kept hello');
    expect(screen.getByText('recalled since')).toBeTruthy();
    expect(net.fetchMock).toHaveBeenCalledWith('/enterprise/im/getMessageList', expect.anything());

    net.answer();
    await screen.findByText('new from the server');
    await waitFor(() => expect(screen.queryByText('recalled since')).toBeNull());
    expect(screen.getByText('kept hello')).toBeTruthy();
  });
});
