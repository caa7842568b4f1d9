// The signed-in session (app/signed-in-session.ts): it alone opens and closes the socket and
// starts and stops the stores, and its frame table subscribes to each frame type once, so a frame
// that changes several stores (removeGroup: the chat list, the friend requests, a group's screens)
// is applied in one place. The app runs for real; the network is a stand-in (fetch, a fake socket).
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { chatStore } from '../../web/src/features/chat';
import { friendsStore } from '../../web/src/features/contacts';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { realtime } from '../../web/src/lib/realtime';
import { storage } from '../../web/src/lib/storage';
import { FakeSocket } from './fake-socket';
import { envelope, ME, openApp, serve, socket, summary } from './friends-fakes';
import { signIn } from './helpers';

const PEER = 21;

afterEach(() => {
  session.stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the signed-in session', () => {
  it('subscribes to each frame type once, whichever stores the frame changes', async () => {
    const on = vi.spyOn(realtime, 'on');
    serve({
      '/enterprise/im/getContacts': () =>
        envelope({ data: [summary(PEER, { realname: 'Bình', displayName: 'Bình' })], count: 1, page: 0 }),
    });
    openApp(PATHS.home);
    await socket();
    const types = on.mock.calls.map(([type]) => type);
    expect(types.filter((type, i) => types.indexOf(type) !== i)).toEqual([]);
    expect(types).toEqual(
      expect.arrayContaining(['simple', 'removeGroup', 'appendContact', 'applyCount', 'webrtc', 'setNotice']),
    );
  });

  it('opens the socket at sign-in, and at sign-out closes it and forgets the chat list and the request count', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    serve({
      '/enterprise/im/getContacts': () => envelope({ data: [summary(PEER)], count: 2, page: 1_700_000_000_000 }),
    });
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
    session.start(ME, makeQueryClient());
    const ws = await socket();
    await waitFor(() => expect(friendsStore.getState().pending).toBe(2));
    expect(chatStore.getState().contacts.map((c) => c.id)).toEqual([PEER]);

    session.stop();
    expect(ws.closedWith).not.toBeNull();
    expect(realtime.getStatus()).toBe('idle');
    expect(chatStore.getState().contacts).toEqual([]);
    expect(friendsStore.getState().pending).toBe(0);
  });
});
