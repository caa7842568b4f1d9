// The scan screen. jsdom has no camera (navigator.mediaDevices is missing) and no
// canvas, so the camera loop cannot run here: the screen falls back to "Choose a picture", and the
// picture's decoding is stubbed (the decoder itself is covered by qr-code.test.tsx's round trip).
// A Parley card link opens the contact page with its token; anything else is named as not ours.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { scanTarget } from '../../web/src/features/scan/utils/scan-link';
import { currentPath, mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

const decoded = vi.hoisted(() => ({ text: null as string | null }));
vi.mock('../../web/src/features/scan/utils/decode-image', () => ({
  decodeImageFile: vi.fn(async () => decoded.text),
  getDecoder: vi.fn(async () => async () => null),
}));

beforeEach(() => {
  decoded.text = null;
});

function openScan() {
  mockApi({ '/common/pub/getSystemInfo': () => systemInfo(), '/enterprise/im/getUserInfo': () => USER });
  signIn();
  const router = renderApp('/pages/index/scan');
  return { router, user: userEvent.setup() };
}

async function pickPicture(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Choose a picture' });
  const input = screen.getByLabelText<HTMLInputElement>('Choose a picture', { selector: 'input' });
  await user.upload(input, new File([new Uint8Array([1])], 'code.png', { type: 'image/png' }));
}

describe('scan screen', () => {
  it('without a camera, says so and offers a picture', async () => {
    openScan();
    expect(await screen.findByRole('heading', { name: 'Scan' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('No camera is available');
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeTruthy();
  });

  it('says the camera was denied when permission is refused', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
    try {
      openScan();
      expect((await screen.findByRole('alert')).textContent).toBe('Camera permission was denied');
      expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the contact page for a Parley card link in a picked picture', async () => {
    const { router, user } = openScan();
    decoded.text = 'https://parley.test/scan/u/abc.DEF-123_x';
    await pickPicture(user);
    await waitFor(() => expect(currentPath(router)).toBe('/pages/contacts/detail?qr=abc.DEF-123_x'));
  });

  it('refuses a foreign code and keeps the screen', async () => {
    const { router, user } = openScan();
    decoded.text = 'https://example.com/some/page';
    await pickPicture(user);
    expect(await screen.findByText('This is not a Parley QR code')).toBeTruthy();
    expect(currentPath(router)).toBe('/pages/index/scan');
    decoded.text = null;
    await pickPicture(user);
    expect(await screen.findByText('No QR code was found in this picture')).toBeTruthy();
  });
});

describe('scanned links', () => {
  it('leads a card link to the contact page and a group link to the group page', () => {
    expect(scanTarget('https://chat.example/scan/u/tok123')).toBe('/pages/contacts/detail?qr=tok123');
    expect(scanTarget('http://localhost:8787/scan/g/g.tok')).toBe('/pages/message/group/info?qr=g.tok');
    expect(scanTarget('  https://chat.example/scan/u/tok123/  ')).toBe('/pages/contacts/detail?qr=tok123');
  });

  it('refuses everything else', () => {
    for (const text of [
      'hello',
      'https://chat.example/scan/x/tok',
      'https://chat.example/scan/u/',
      'javascript:alert(1)//scan/u/x',
      'https://chat.example/scan/u/a/b',
      'https://chat.example/scan/u/a%2Fb',
      'ftp://chat.example/scan/u/tok',
      'https://chat.example/pages/scan/u/tok',
    ]) {
      expect(scanTarget(text), text).toBeNull();
    }
  });
});
