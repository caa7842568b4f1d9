// The incoming-call overlay over any screen of a signed-in user: a `calling` frame on the socket
// rings it with the caller's name and the kind of call (Accept focused unless the user is typing); Accept sends acceptRtc (904) and opens the
// call page, Decline sends the hang-up (903). The network is stubbed at fetch and the socket; the
// WebRTC engine is an in-memory stand-in (jsdom has no RTCPeerConnection or camera).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { callStore } from '../../web/src/features/calls';
import { storage } from '../../web/src/lib/storage';
import { CALL_ID, PEER, webrtc } from './calls-fakes';
import { FakeSocket } from './fake-socket';
import { openApp, push, serve, type Server, socket } from './friends-fakes';
import { currentPath } from './helpers';

/** What the call store asks of the engine, without media or a peer connection. */
class FakeEngine {
  static made: FakeEngine[] = [];
  remote = { getVideoTracks: () => [], getTracks: () => [] };
  local = null;
  muted = false;
  cameraOn = false;
  connected = 0;
  stopped = false;
  constructor(
    readonly video: boolean,
    readonly polite: boolean,
  ) {
    FakeEngine.made.push(this);
  }
  async acquire() {}
  async connect() {
    this.connected += 1;
  }
  async negotiate() {}
  receiveDescription() {}
  receiveCandidate() {}
  stop() {
    this.stopped = true;
  }
}

let srv: Server;

beforeEach(() => {
  FakeEngine.made = [];
  callStore.loadEngine = async () => ({ CallEngine: FakeEngine, MediaError: class extends Error {} }) as never;
  srv = serve({
    '/enterprise/im/sendToMsg': (body) =>
      webrtc(body.event as never, { from: 7, toContactId: PEER, code: Number(body.code ?? 901) }),
    '/enterprise/im/callMeeting': () => ({ provider: 'p2p' }),
  });
});
afterEach(() => vi.unstubAllGlobals());

async function ring(video = true) {
  const router = openApp(PATHS.home);
  storage.setGlobalConfig({ ...(storage.getGlobalConfig() as object), chatInfo: { webrtc: '1' } });
  // The signed-in layout loads lazily (slow on a cold machine) before it opens the socket.
  await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
  const ws = await socket();
  act(() => push(ws, 'webrtc', webrtc('calling', { video, msgId: 55 })));
  const dialog = await screen.findByRole('dialog', { name: 'Incoming call from User 8' });
  return { router, dialog };
}

describe('incoming-call overlay', () => {
  it('rings over the home screen with the caller and the kind of call, Accept focused', async () => {
    const { dialog } = await ring(false);
    expect(dialog.textContent).toContain('User 8');
    expect(dialog.textContent).toContain('Voice call');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
  });

  it('does not take the focus from someone typing (a key meant for the text must not answer)', async () => {
    openApp(PATHS.home);
    await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
    const ws = await socket();
    const input = document.body.appendChild(document.createElement('textarea'));
    input.focus();
    act(() => push(ws, 'webrtc', webrtc('calling')));
    await screen.findByRole('dialog', { name: 'Incoming call from User 8' });
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('Accept sends acceptRtc with 904 for that call, builds the connection and opens the call page', async () => {
    const { router } = await ring();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(srv.callsTo('/enterprise/im/sendToMsg')).toHaveLength(1));
    expect(srv.callsTo('/enterprise/im/sendToMsg')[0]).toMatchObject({
      event: 'acceptRtc',
      code: 904,
      id: CALL_ID,
      msg_id: 55,
      toContactId: PEER,
      type: 1,
      status: 2,
    });
    await waitFor(() => expect(FakeEngine.made[0]?.connected).toBe(1));
    expect(FakeEngine.made[0]).toMatchObject({ video: true, polite: true });
    await waitFor(() =>
      expect(currentPath(router)).toMatch(/^\/pages\/message\/call\?msg_id=55&type=1&status=3&id=8&name=User\+8/),
    );
    expect(screen.queryByRole('dialog', { name: /Incoming call/ })).toBeNull();
    // The call page is a lazy route: wait for it rather than read it the moment the path changed.
    await waitFor(() =>
      expect(document.querySelector('[data-call-phase]')?.getAttribute('data-call-phase')).toBe('connecting'),
    );
  });

  it('leaves a bar back to the call, named by the words it shows (WCAG 2.5.3), when the call page is left', async () => {
    const { router } = await ring();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/pages\/message\/call\?/));
    await act(() => router.navigate(PATHS.home));
    const bar = await screen.findByRole('button', { name: 'Call in progress – tap to return' });
    expect(bar.textContent).toBe('Call in progress – tap to return');
  });

  it('Decline sends the hang-up with 903 and the overlay goes away', async () => {
    await ring();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(srv.callsTo('/enterprise/im/sendToMsg')).toHaveLength(1));
    expect(srv.callsTo('/enterprise/im/sendToMsg')[0]).toMatchObject({
      event: 'hangup',
      code: 903,
      id: CALL_ID,
      toContactId: PEER,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Incoming call/ })).toBeNull());
    expect(FakeEngine.made).toEqual([]);
  });

  it('stops ringing when another of my devices answers (otherOpt acceptRtc), sending nothing', async () => {
    await ring();
    const ws = await socket();
    act(() => push(ws, 'webrtc', webrtc('otherOpt', { from: 7, toContactId: PEER, code: 908, action: 'acceptRtc' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Incoming call/ })).toBeNull());
    // For the moment the ended call is shown, the card says why it stopped.
    expect(screen.getByRole('status').textContent).toContain('Answered on another device');
    expect(srv.callsTo('/enterprise/im/sendToMsg')).toEqual([]);
  });
});
