// An operator saved the configuration (issue 25 item 7): the signed-in app's `updateConfig` frame
// makes it read getSystemInfo again, so the new settings (and a minimum version) apply without a
// reload.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { storage } from '../../web/src/lib/storage';
import { FakeSocket } from './fake-socket';
import { envelope, ME, push, serve, socket } from './friends-fakes';
import { signIn, systemInfo } from './helpers';

afterEach(() => {
  session.stop();
  vi.unstubAllGlobals();
});

describe('updateConfig', () => {
  it('reads the configuration again and stores it', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    let name = 'Parley';
    const api = serve({
      '/enterprise/im/getContacts': () => envelope({ data: [], count: 0, page: 0 }),
      '/common/pub/getSystemInfo': () => systemInfo({ name }),
    });
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
    session.start(ME, makeQueryClient());
    const ws = await socket();
    await waitFor(() =>
      expect((storage.getGlobalConfig() as { sysInfo?: { name?: string } })?.sysInfo?.name).toBe('Parley'),
    );
    const asked = api.callsTo('/common/pub/getSystemInfo').length;
    name = 'Parley Co';
    push(ws, 'updateConfig', systemInfo({ name }));
    await waitFor(() => expect(api.callsTo('/common/pub/getSystemInfo').length).toBe(asked + 1));
    await waitFor(() =>
      expect((storage.getGlobalConfig() as { sysInfo: { name: string } }).sysInfo.name).toBe('Parley Co'),
    );
  });
});
