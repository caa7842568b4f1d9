// Downloads: a file of another chat answers exactly as a missing one, and byte
// ranges follow RFC 9110: suffix ranges, open ranges, and 416 with `bytes */size` when unsatisfiable.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { fetchWorker, loginUser, uploadFile } from './helpers';

const TEXT = '0123456789abcdefghij'; // 20 bytes

async function sharedFile() {
  const [a, b] = await Promise.all([loginUser(), loginUser()]);
  const up = await uploadFile(a.token, b.userInfo.user_id, 'digits.txt', new TextEncoder().encode(TEXT));
  expect(up.body.code).toBe(0);
  return { a, b, url: up.body.data.content as string };
}

const get = (url: string, token: string, range?: string) =>
  fetchWorker(url, { headers: { authorization: token, 'accept-language': 'en', ...(range ? { range } : {}) } });

describe('downloads', () => {
  it('answers an outsider for a foreign file exactly as for a missing one', async () => {
    const { url } = await sharedFile();
    const outsider = await loginUser();
    const top = await env.DB.prepare('SELECT MAX(file_id) AS id FROM files').first<{ id: number }>();
    const foreign = await get(url, outsider.token);
    const missing = await get(`/file/${top!.id + 1000}`, outsider.token);
    expect(foreign.status).toBe(missing.status);
    expect(await foreign.text()).toBe(await missing.text());
    expect([...foreign.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort());
  });

  it('serves a suffix range (bytes=-N) as the last N bytes', async () => {
    const { a, url } = await sharedFile();
    const res = await get(url, a.token, 'bytes=-5');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 15-19/20');
    expect(res.headers.get('content-length')).toBe('5');
    expect(await res.text()).toBe('fghij');
    const longer = await get(url, a.token, 'bytes=-50');
    expect(longer.headers.get('content-range')).toBe('bytes 0-19/20');
    expect(await longer.text()).toBe(TEXT);
  });

  it('serves open and clamped ranges', async () => {
    const { a, url } = await sharedFile();
    const open = await get(url, a.token, 'bytes=18-');
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe('bytes 18-19/20');
    expect(await open.text()).toBe('ij');
    const clamped = await get(url, a.token, 'bytes=5-99');
    expect(clamped.headers.get('content-range')).toBe('bytes 5-19/20');
    expect(await clamped.text()).toBe('56789abcdefghij');
  });

  it('answers 416 with bytes */size for ranges it cannot satisfy', async () => {
    const { a, url } = await sharedFile();
    for (const range of ['bytes=20-', 'bytes=30-40', 'bytes=-0', 'bytes=9-3', 'bytes=abc', 'bytes=1-2-3']) {
      const res = await get(url, a.token, range);
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe('bytes */20');
      await res.arrayBuffer();
    }
  });

  it('serves the whole file for a range in another unit', async () => {
    const { a, url } = await sharedFile();
    const res = await get(url, a.token, 'items=0-3');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(TEXT);
  });
});
