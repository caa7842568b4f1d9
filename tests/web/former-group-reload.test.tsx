// A group I am out of after a reload: the server's chat list still has its row,
// read-only ('gone'), but for a dissolved group it can draw no collage any more (nobody is left in
// it). The row keeps the picture it had here (the kept list's, whether the server's list or the kept copy comes first) and its kept history, with its
// last system line. The store runs for real.
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { offlineCache } from '../../web/src/lib/offline-cache/offline-cache';
import { storage } from '../../web/src/lib/storage';
import { contact, ME, message, PEER, summary } from './chat-factories';
import { withFakeSockets } from './fake-socket';
import { renderApp, signIn, systemInfo } from './helpers';

const GROUP = 'group-5';
const COLLAGE = [
  { name: 'Bo', avatar: '' },
  { name: 'Cam', avatar: '' },
  { name: 'Dao', avatar: '' },
];
const last = { kind: 'dissolved' as const, actor: { id: PEER, name: 'Bo' }, targets: [] };

/** The page reloaded: the kept copy from before, and a server whose list has the group as dissolved. */
async function reloadWithDissolvedGroup(history?: unknown[]) {
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  storage.setGlobalConfig({ ...systemInfo(), chatInfo: {} });
  await offlineCache.writeList(ME, [
    contact(GROUP, { displayName: 'Team', collage: COLLAGE, gone: 'dissolved', lastContent: '' }),
  ]);
  await offlineCache.writeThreads(ME, [GROUP], {
    [GROUP]: [message(PEER, { seq: 1, msg_id: 1, content: 'last plans', toContactId: GROUP })],
  });
  const row = {
    ...summary(5, { displayName: 'Team', realname: 'Team', lastContent: '', lastSystem: last }),
    id: GROUP,
    is_group: 1,
    account: '',
    groupUserCount: 0,
    role: 0,
    gone: 'dissolved',
  };
  const answers: Record<string, unknown> = {
    '/enterprise/im/getContacts': { code: 0, msg: '', data: [row] },
    '/common/pub/wsTicket': { code: 0, msg: '', data: { ticket: 't' } },
    ...(history ? { '/enterprise/im/getMessageList': { code: 0, msg: '', data: history } } : {}),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(answers[url] ?? { code: 403, msg: 'You are not a member', data: null })),
    ),
  );
  return renderApp(PATHS.home);
}

describe('a dissolved group after a reload', () => {
  withFakeSockets(() => {
    session.stop();
    vi.restoreAllMocks();
  });

  it('keeps its picture once the server list answers without one, and its kept history', async () => {
    await reloadWithDissolvedGroup();
    await waitFor(() => expect(chatStore.getState().contactsLoaded).toBe(true));
    const group = () => chatStore.getState().contacts.find((c) => c.id === GROUP);
    // The server's list and the kept copy arrive in either order: the picture stays either way.
    await waitFor(() => expect(group()?.collage).toEqual(COLLAGE));
    expect(group()).toMatchObject({ gone: 'dissolved', lastSystem: last });
    const list = await screen.findByRole('list');
    const item = (await within(list).findByText('Team')).closest('li')!;
    expect(item.querySelector('[data-collage]')).not.toBeNull();
    expect(thread(chatStore.getState(), GROUP).messages.map((m) => m.content)).toEqual(['last plans']);
  });

  it('opened, reads from the server what I could see there (up to its last line), read-only: no read mark is asked', async () => {
    const lines = [
      message(PEER, { seq: 1, msg_id: 1, content: 'last plans', toContactId: GROUP }),
      message(PEER, { seq: 2, msg_id: 2, content: 'an older word kept only on the server', toContactId: GROUP }),
    ];
    await reloadWithDissolvedGroup(lines);
    await waitFor(() => expect(chatStore.getState().contactsLoaded).toBe(true));
    await chatStore.openChat(GROUP);
    expect(thread(chatStore.getState(), GROUP).messages.map((m) => m.content)).toContain(
      'an older word kept only on the server',
    );
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/enterprise/im/getMessageList');
    expect(asked).not.toContain('/enterprise/im/setMsgIsRead');
  });

  it('keeps its kept history, quietly, when the server has none for me (a group left before it kept any)', async () => {
    await reloadWithDissolvedGroup();
    await waitFor(() => expect(chatStore.getState().contactsLoaded).toBe(true));
    await chatStore.openChat(GROUP);
    // The kept copy and the refused page arrive in either order: the kept history stays either way.
    await waitFor(() =>
      expect(thread(chatStore.getState(), GROUP).messages.map((m) => m.content)).toEqual(['last plans']),
    );
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/enterprise/im/getMessageList');
    expect(screen.queryByText('You are not a member')).toBeNull();
  });
});
