// An operator switching calls (chatInfo.webrtc) or online status (chatInfo.online) off reaches the
// screens already open, by the path the minimum version takes: the updateConfig
// frame makes the app read getSystemInfo again, and what is on screen follows at once (the chat's
// call buttons, its header's presence, the chat list's online dot, a contact's call buttons).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { openApp, person, push, serve, socket, summary } from './friends-fakes';
import { systemInfo } from './helpers';

const BAO = person(21, { displayName: 'Bảo', realname: 'Trần Bảo', relation: 'friend' });
let chatInfo: Record<string, string>;

beforeEach(() => {
  chatInfo = { webrtc: '1', online: '1' };
  serve({
    '/common/pub/getSystemInfo': () => ({ ...systemInfo(), chatInfo }),
    '/enterprise/im/getUserInfo': () => BAO,
    '/enterprise/im/getContacts': () => [summary(21, { displayName: 'Bảo', is_online: 1 })],
    '/enterprise/im/getMessageList': () => [],
    '/enterprise/im/setMsgIsRead': () => ({}),
    '/enterprise/im/getContactInfo': () => ({
      id: 21,
      user_id: 21,
      realname: 'Trần Bảo',
      displayName: 'Bảo',
      avatar: '',
      motto: '',
      index: 'B',
      is_group: 0,
      is_online: 1,
      last_seen: 0,
    }),
  });
});
afterEach(() => {
  session.stop();
  vi.unstubAllGlobals();
});

const chatHeader = () =>
  waitFor(() => {
    const found = document.querySelector('header');
    if (!found) throw new Error('no header yet');
    return found as HTMLElement;
  });

/** The operator saves `change`: the server answers it from now on and tells every open socket. */
async function operatorSets(change: Record<string, string>) {
  chatInfo = { ...chatInfo, ...change };
  const ws = await socket();
  act(() => push(ws, 'updateConfig', { ...systemInfo(), chatInfo }));
}

describe('settings an operator changes reach the open screens', () => {
  it("calls off: the open chat's call buttons go from its header", async () => {
    openApp(`${PATHS.chat}?id=21`, {}, chatInfo);
    const header = await chatHeader();
    await within(header).findByRole('button', { name: 'Video call' });
    await operatorSets({ webrtc: '0' });
    await waitFor(() => expect(within(header).queryByRole('button', { name: 'Video call' })).toBeNull());
    expect(within(header).queryByRole('button', { name: 'Voice call' })).toBeNull();
  });

  it("online status off: the open chat's header stops saying Online", async () => {
    openApp(`${PATHS.chat}?id=21`, {}, chatInfo);
    const header = await chatHeader();
    await within(header).findByText('Online');
    await operatorSets({ online: '0' });
    await waitFor(() => expect(within(header).queryByText('Online')).toBeNull());
  });

  it("online status off: the chat list's online dot goes", async () => {
    openApp(PATHS.home, {}, chatInfo);
    await screen.findByLabelText('Online');
    await operatorSets({ online: '0' });
    await waitFor(() => expect(screen.queryByLabelText('Online')).toBeNull());
  });

  it("calls off: a contact's page open meanwhile loses its call buttons", async () => {
    openApp(`${PATHS.contactDetail}?id=21`, {}, chatInfo);
    await screen.findByRole('button', { name: 'Video call' });
    await operatorSets({ webrtc: '0' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull());
  });
});
