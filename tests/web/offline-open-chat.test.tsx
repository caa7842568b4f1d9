// An offline start, as a user meets it: the app drawn from its offline copy
// while the device is offline (the browser may still say it is online: the server does not answer)
// shows the disconnected notice on the chat list rather than "Connecting…", shows nobody online
// (presence is never kept, and nobody's is known without a connection), and opening a kept chat
// shows its kept messages without a "Network timeout!" toast. The store runs for real.
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { withOfflineCopy } from '../../web/src/features/chat/state/offline-copy';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { offlineCache } from '../../web/src/lib/offline-cache/offline-cache';
import { storage } from '../../web/src/lib/storage';
import { chatState, contact, ME, message, PEER } from './chat-factories';
import { withFakeSockets } from './fake-socket';
import { renderApp, signIn, systemInfo } from './helpers';

const chat = String(PEER);

/** Signed in, with a kept copy in which Anna was online, and no server to reach. */
async function startOffline(browserSaysOnline: boolean) {
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  storage.setGlobalConfig({ ...systemInfo(), chatInfo: { online: '1' } });
  await offlineCache.writeList(ME, [
    contact(PEER, { displayName: 'Anna', is_online: 1, lastContent: 'see you', last_seen: 0 }),
  ]);
  await offlineCache.writeThreads(ME, [chat], { [chat]: [message(PEER, { seq: 1, msg_id: 1, content: 'see you' })] });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(browserSaysOnline);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  return renderApp(PATHS.home);
}

describe('the offline copy', () => {
  it('is drawn with nobody online: presence is not kept', () => {
    const state = withOfflineCopy(chatState({ contactsLoaded: false }), {
      list: [contact(PEER, { is_online: 1 }), contact(9, { is_online: 0 })],
      threads: {},
      recent: [],
    });
    expect(state.contacts.map((c) => c.is_online)).toEqual([0, 0]);
  });
});

describe('an offline start', () => {
  withFakeSockets(() => {
    session.stop();
    vi.restoreAllMocks();
  });

  it.each([
    ['the browser says it is offline', false],
    ['the server does not answer', true],
  ])(
    '(%s) shows the disconnected notice, nobody online, and a kept chat without a network toast',
    async (_, browserSaysOnline) => {
      const router = await startOffline(browserSaysOnline);
      const list = await screen.findByRole('list');
      await within(list).findByText('Anna');
      expect((await screen.findByRole('alert')).textContent).toContain('WS communication is disconnected...');
      expect(screen.queryByText('Connecting…')).toBeNull();
      expect(within(list).queryByLabelText('Online')).toBeNull();

      await userEvent.setup().click(within(list).getByText('Anna'));
      await waitFor(() => expect(router.location.pathname).toBe(PATHS.chat));
      const header = await waitFor(() => {
        const found = document.querySelector('header');
        if (!found?.textContent?.includes('Anna')) throw new Error('no chat header yet');
        return found;
      });
      await waitFor(() =>
        expect(thread(chatStore.getState(), chat).messages.map((m) => m.content)).toEqual(['see you']),
      );
      // What opening it asked for has failed by now.
      await new Promise((done) => setTimeout(done, 100));
      expect(header.textContent).not.toContain('Online');
      expect(screen.queryByText('Network timeout!')).toBeNull();
    },
  );
});
