// My QR code: what the `qr` package's encoder draws, its decoder reads back; the
// screen draws my card link from getQrCode with how long it is valid, and what it says
// when the code cannot be made.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeQR } from 'qr/decode.js';
import { describe, expect, it } from 'vitest';

import { qrMatrix, QUIET_ZONE } from '../../web/src/features/qr/utils/qr-matrix';
import { mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

// As long as a real card link (worker/services/qr-tokens.ts: a 128-143 character token).
const LINK = `https://parley.test/scan/u/eyJhbGciOiJIUzI1NiJ9.${'eyJrIjoidSIsInN1YiI6IjEyMzQ1NiIsImF1ZCI6InFyIiwiZXhwIjoxNzY1MDAwMDAwfQ'}.${'x'.repeat(43)}`;

/** An RGBA picture of a grid of modules, `scale` pixels each: what a camera would see of it. */
function picture(dark: (x: number, y: number) => boolean, modules: number, scale = 4) {
  const side = modules * scale;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      const value = dark(Math.floor(px / scale), Math.floor(py / scale)) ? 0 : 255;
      data.set([value, value, value, 255], (py * side + px) * 4);
    }
  }
  return { width: side, height: side, data };
}

describe('QR encode → decode', () => {
  it('reads back the card link the encoder drew', () => {
    const matrix = qrMatrix(LINK);
    // The quiet zone is there: the outer ring of modules is light.
    expect(matrix[0]!.every((dark) => !dark)).toBe(true);
    expect(matrix.slice(0, QUIET_ZONE).flat().some(Boolean)).toBe(false);
    expect(decodeQR(picture((x, y) => matrix[y]![x]!, matrix.length))).toBe(LINK);
  });

  it('reads text in other scripts too', () => {
    const text = 'https://parley.test/scan/u/abc?name=Nguyễn Văn A 张三';
    const matrix = qrMatrix(text);
    expect(decodeQR(picture((x, y) => matrix[y]![x]!, matrix.length, 3))).toBe(text);
  });

  it('finds nothing in a blank picture', () => {
    expect(() => decodeQR(picture(() => false, 40))).toThrow();
  });
});

function openMyQr(answer: () => unknown) {
  const fetchMock = mockApi({
    '/common/pub/getSystemInfo': () => systemInfo(),
    '/enterprise/im/getUserInfo': () => USER,
    '/enterprise/im/getQrCode': answer,
  });
  signIn();
  renderApp('/pages/index/qrcode');
  return { fetchMock, user: userEvent.setup() };
}

/** The dark modules the screen's SVG draws ("M{x} {y}h1v1h-1z" each). */
function drawnModules(svg: Element): Set<string> {
  const d = svg.querySelector('path')!.getAttribute('d')!;
  return new Set([...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${x},${y}`));
}

describe('my QR code screen', () => {
  it('draws my card link, my name and how long it is valid; the drawing decodes to the link', async () => {
    const expire = Date.UTC(2026, 11, 2, 9, 30);
    openMyQr(() => ({ url: LINK, token: 'tok', expire }));
    expect(await screen.findByRole('heading', { name: 'My QR code' })).toBeTruthy();
    const svg = await screen.findByRole('img', { name: 'QR code of my card' });
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByText(/^Valid until .*2026/)).toBeTruthy();
    const modules = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const dark = drawnModules(svg);
    expect(decodeQR(picture((x, y) => dark.has(`${x},${y}`), modules))).toBe(LINK);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save as image' }).disabled).toBe(false);
  });

  it('says to log in again when the code cannot be made, and refresh asks again', async () => {
    let fail = true;
    const { fetchMock, user } = openMyQr(() =>
      fail
        ? new Response(JSON.stringify({ code: 400, msg: 'refused', data: '' }))
        : { url: LINK, token: 'tok', expire: Date.now() + 1000 },
    );
    expect((await screen.findByText('Please log in again and generate QR code')).getAttribute('role')).toBe('alert');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save as image' }).disabled).toBe(true);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('img', { name: 'QR code of my card' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/enterprise/im/getQrCode')).toHaveLength(2);
  });
});
