// The call screen by window width and its switches: on a phone the speaker/earpiece choice (where
// the browser can route audio); on a wide screen no earpiece and the other person's picture shown
// whole, not cropped; and every switch shows "on" the same way (white when what it controls is live).
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { callStore } from '../../web/src/features/calls';
import { InCallControls } from '../../web/src/features/calls/components/call-controls';
import { CallVideos } from '../../web/src/features/calls/components/call-videos';
import { storage } from '../../web/src/lib/storage';
import { loadQuietEngine, ME, webrtc } from './calls-fakes';
import { openApp, person, serve, summary } from './friends-fakes';

/** A window ≥ 1024 px or not (matchMedia as browsers have it). */
function windowOf(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: query === '(min-width: 1024px)' ? wide : query === '(pointer: fine)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  callStore.loadEngine = loadQuietEngine;
  serve({
    '/enterprise/im/getUserInfo': () => person(21, { displayName: 'Bảo', relation: 'friend' }),
    '/enterprise/im/getContacts': () => [summary(21, { displayName: 'Bảo' })],
    '/enterprise/im/sendToMsg': (body) =>
      webrtc('calling', { id: String(body.id), from: ME, toContactId: 21, msgId: 301 }),
    '/enterprise/im/callMeeting': () => ({ provider: 'p2p' }),
  });
  // A device with a loudspeaker and an earpiece, and a browser that can pick between them.
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      mediaDevices: {
        enumerateDevices: async () => [
          { kind: 'audiooutput', deviceId: 'default' },
          { kind: 'audiooutput', deviceId: 'communications' },
          { kind: 'videoinput', deviceId: 'cam' },
        ],
      },
    }),
  );
  Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', { configurable: true, value: async () => undefined });
});
afterEach(() => {
  callStore.stop();
  vi.unstubAllGlobals();
  delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId;
});

async function dialFromContactPage(wide: boolean) {
  windowOf(wide);
  openApp(`${PATHS.contactDetail}?id=21`);
  storage.setGlobalConfig({ ...(storage.getGlobalConfig() as object), chatInfo: { webrtc: '1' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Video call' }));
  await screen.findByRole('button', { name: 'Cancel call' });
}

describe("the caller's status line", () => {
  it('says "Ringing…" once the callee\'s device rings, with no countdown', async () => {
    await dialFromContactPage(false);
    expect(await screen.findByText('Ringing…')).toBeTruthy();
    expect(screen.queryByText(/more seconds/)).toBeNull();
  });
});

describe('the call screen by width', () => {
  it('on a phone offers the earpiece where the browser can route the sound', async () => {
    await dialFromContactPage(false);
    await screen.findByRole('button', { name: 'Use the earpiece' });
  });

  it('on a wide screen offers no earpiece', async () => {
    await dialFromContactPage(true);
    // The microphone's switch is there: the controls have drawn, the device list has been read.
    await screen.findByRole('button', { name: 'Mute microphone' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Use the earpiece' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use the speaker' })).toBeNull();
  });

  it("on a wide screen shows the other person's picture whole; on a phone it fills the screen", () => {
    const props = {
      remote: null,
      local: null,
      version: 0,
      showRemote: true,
      showLocal: false,
      swapped: false,
      onSwap: () => undefined,
    };
    const { unmount } = render(<CallVideos {...props} wide />);
    expect(screen.getByTestId('remote-video').className).toContain('object-contain');
    unmount();
    render(<CallVideos {...props} />);
    expect(screen.getByTestId('remote-video').className).toContain('object-cover');
  });
});

describe("the call's switches", () => {
  const controls = (muted: boolean, cameraOn: boolean, speaker: boolean) => (
    <InCallControls
      dialing={false}
      muted={muted}
      cameraOn={cameraOn}
      canSwitchCamera={false}
      speaker={speaker}
      onMute={() => undefined}
      onCamera={() => undefined}
      onSwitchCamera={() => undefined}
      onSpeaker={() => undefined}
      onHangup={() => undefined}
    />
  );
  const on = (name: string) => screen.getByRole('button', { name }).getAttribute('data-on');

  it('show "on" alike: microphone open, camera on and loudspeaker all on', () => {
    render(controls(false, true, true));
    expect([on('Mute microphone'), on('Turn camera off'), on('Use the earpiece')]).toEqual(['true', 'true', 'true']);
  });

  it('show "off" alike: muted microphone, camera off and earpiece all off', () => {
    render(controls(true, false, false));
    expect([on('Unmute microphone'), on('Turn camera on'), on('Use the speaker')]).toEqual(['false', 'false', 'false']);
  });
});
