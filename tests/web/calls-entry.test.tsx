// Where calls start: a contact's page (Voice call / Video call, only when the server has calls on)
// and a one-to-one chat's "+" panel (not a group's). Pressing one dials: sendToMsg `calling` to
// that person with the kind of call, and the call page opens dialing. The engine is a stand-in.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { callStore } from '../../web/src/features/calls';
import { storage } from '../../web/src/lib/storage';
import { loadQuietEngine, ME, webrtc } from './calls-fakes';
import { openApp, person, serve, type Server, summary } from './friends-fakes';
import { currentPath } from './helpers';

const BAO = person(21, { displayName: 'Bảo', realname: 'Trần Bảo', relation: 'friend', avatar: '/a/21.png' });
let srv: Server;

beforeEach(() => {
  callStore.loadEngine = loadQuietEngine;
  srv = serve({
    '/enterprise/im/getUserInfo': () => BAO,
    '/enterprise/im/getContacts': () => [summary(21, { displayName: 'Bảo' })],
    '/enterprise/im/getMessageList': () => [],
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
    '/enterprise/im/sendToMsg': (body) =>
      webrtc('calling', { id: String(body.id), from: ME, toContactId: 21, msgId: 301 }),
    '/enterprise/im/callMeeting': () => ({ provider: 'p2p' }),
  });
});
afterEach(() => {
  callStore.stop();
  vi.unstubAllGlobals();
});

function open(path: string, webrtcOn: boolean) {
  const router = openApp(path);
  storage.setGlobalConfig({ ...(storage.getGlobalConfig() as object), chatInfo: { webrtc: webrtcOn ? '1' : '0' } });
  return router;
}

describe('starting a call', () => {
  it("from a contact's page: Video call dials them and opens the call page dialing", async () => {
    const router = open(`${PATHS.contactDetail}?id=21`, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Video call' }));
    await waitFor(() => expect(srv.callsTo('/enterprise/im/sendToMsg')).toHaveLength(1));
    expect(srv.callsTo('/enterprise/im/sendToMsg')[0]).toMatchObject({
      event: 'calling',
      toContactId: 21,
      type: 1,
      status: 1,
      code: 901,
    });
    // The page opens at once; once the server stored the record (msg_id 301 here) its address names it.
    await waitFor(() =>
      expect(currentPath(router)).toMatch(/^\/pages\/message\/call\?msg_id=301&type=1&status=1&id=21&name=B/),
    );
    const root = await waitFor(() => {
      const found = document.querySelector('[data-call-phase]');
      if (!found) throw new Error('no call screen yet');
      return found;
    });
    expect(root.getAttribute('data-call-phase')).toBe('dialing');
    expect(screen.getByRole('button', { name: 'Cancel call' })).toBeTruthy();
    expect(screen.getByTestId('remote-video')).toBeTruthy();
    expect(screen.getByTestId('local-video')).toBeTruthy();
  });

  it("no call buttons on a contact's page while calls are off", async () => {
    open(`${PATHS.contactDetail}?id=21`, false);
    await screen.findByRole('heading', { level: 2, name: 'Bảo' });
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
  });

  it("from a one-to-one chat's + panel: Voice call dials with type 0", async () => {
    open(`${PATHS.chat}?id=21`, true);
    fireEvent.click(await screen.findByRole('button', { name: 'More' }));
    // The composer's panel (the header has call buttons too).
    const composer = document.querySelector('footer')!;
    fireEvent.click(await within(composer).findByRole('button', { name: 'Voice call' }));
    await waitFor(() => expect(srv.callsTo('/enterprise/im/sendToMsg')).toHaveLength(1));
    expect(srv.callsTo('/enterprise/im/sendToMsg')[0]).toMatchObject({ event: 'calling', toContactId: 21, type: 0 });
  });

  it("a one-to-one chat's header has voice and video call buttons, on a phone as on a wide screen", async () => {
    open(`${PATHS.chat}?id=21`, true);
    const header = await waitFor(() => document.querySelector('header')!);
    fireEvent.click(await within(header).findByRole('button', { name: 'Video call' }));
    await waitFor(() => expect(srv.callsTo('/enterprise/im/sendToMsg')).toHaveLength(1));
    expect(srv.callsTo('/enterprise/im/sendToMsg')[0]).toMatchObject({ event: 'calling', toContactId: 21, type: 1 });
  });

  it("a group chat's + panel has no call tiles", async () => {
    open(`${PATHS.chat}?id=group-5`, true);
    fireEvent.click(await screen.findByRole('button', { name: 'More' }));
    await screen.findByRole('button', { name: 'Photos' });
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
  });
});
