// An operator saved the configuration: the signed-in app's `updateConfig` frame
// makes it read getSystemInfo again, so the new settings (and a minimum version) apply without a
// reload. A background refresh of it fails without a toast.
import { render, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { ToastHost } from '../../web/src/components/ui/toast';
import { apiPost } from '../../web/src/lib/api-client';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { storage } from '../../web/src/lib/storage';
import { fetchSystemInfo } from '../../web/src/lib/system-info';
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

describe('a background refresh of the configuration', () => {
  it('fails without a toast, while an ordinary call that is refused still shows one', async () => {
    serve({});
    render(<ToastHost />);
    await expect(fetchSystemInfo(true)).rejects.toThrow();
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('status')).toBeNull();
    await expect(apiPost('/enterprise/im/nothing', {}, v.unknown())).rejects.toThrow();
    expect(await screen.findByText('no handler for /enterprise/im/nothing')).toBeTruthy();
  });
});
