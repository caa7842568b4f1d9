// common/upload/uploadAvatar: images only, size-limited, sniffed, stored under a key the server
// makes; every signed-in user may see the picture, served inline as an image; the previous one is
// forgotten; a refusal leaves nothing behind; the people who chat with me see it change live.
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { AVATAR_MAX_MB } from '@protocol/people';

import {
  call,
  delivered,
  fetchWorker,
  loginUser,
  pairHub,
  pngBytes,
  resetConfig,
  setConfig,
  textMessage,
} from './helpers';
import { connect } from './socket-helpers';

async function uploadAvatar(token: string, name: string, bytes: Uint8Array, lang = 'en') {
  const form = new FormData();
  form.set('file', new File([bytes], name));
  const res = await exports.default.fetch(
    new Request('http://parley.test/common/upload/uploadAvatar', {
      method: 'POST',
      headers: { authorization: token, 'accept-language': lang },
      body: form,
    }),
  );
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

const avatarRows = (uid: number) =>
  env.DB.prepare("SELECT * FROM files WHERE user_id = ?1 AND conversation_id = 'avatar'")
    .bind(uid)
    .all<Record<string, any>>()
    .then((r) => r.results);
const r2Keys = async () => (await env.FILES.list({ prefix: 'avatar/' })).objects.map((o) => o.key).sort();
const avatarOf = async (uid: number) =>
  (await env.DB.prepare('SELECT avatar FROM users WHERE user_id = ?1').bind(uid).first<{ avatar: string }>())?.avatar;
const gifBytes = () => new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 2, 0, 2, 0, ...new Array(40).fill(0)]);

afterEach(() => resetConfig());

describe('uploading an avatar', () => {
  it('stores the picture under a key the server makes and sets it as my avatar', async () => {
    const me = await loginUser();
    const { status, body } = await uploadAvatar(me.token, '../../etc/evil name.PNG', pngBytes(96, 96));
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.avatar).toMatch(/^\/file\/\d+$/);
    expect(await avatarOf(me.userInfo.user_id)).toBe(body.data.avatar);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: me.token })).body.data.avatar).toBe(body.data.avatar);
    const [row] = await avatarRows(me.userInfo.user_id);
    expect(row).toMatchObject({ ext: 'png', mime: 'image/png', width: 96, height: 96, name: 'avatar.png', cate: 2 });
    expect(row!.r2_key).toMatch(/^avatar\/\d{4}-\d{2}-\d{2}\/[\w-]+\.png$/);
    expect(row!.r2_key).not.toMatch(/evil|etc/);
    expect(await env.FILES.head(row!.r2_key)).not.toBeNull();
  });

  it('is shown to any other signed-in user, inline as an image that is never sniffed, and to nobody signed out', async () => {
    const me = await loginUser();
    const stranger = await loginUser();
    const { body } = await uploadAvatar(me.token, 'me.gif', gifBytes());
    const res = await fetchWorker(body.data.avatar, { headers: { authorization: stranger.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(gifBytes());
    expect((await fetchWorker(body.data.avatar)).status).toBe(401);
  });

  it('replaces the previous avatar: its row, its bytes and its address are gone', async () => {
    const me = await loginUser();
    const first = (await uploadAvatar(me.token, 'one.png', pngBytes(10, 10))).body.data.avatar as string;
    const [firstRow] = await avatarRows(me.userInfo.user_id);
    const second = (await uploadAvatar(me.token, 'two.webp', webpBytes())).body.data.avatar as string;
    expect(second).not.toBe(first);
    expect(await avatarOf(me.userInfo.user_id)).toBe(second);
    const rows = await avatarRows(me.userInfo.user_id);
    expect(rows.map((r) => `/file/${r.file_id}`)).toEqual([second]);
    expect(await env.FILES.head(firstRow!.r2_key)).toBeNull();
    expect((await fetchWorker(first, { headers: { authorization: me.token } })).status).toBe(404);
  });

  it.each([
    [
      'a BMP (an image, but not an avatar type)',
      'me.bmp',
      new Uint8Array([0x42, 0x4d, ...new Array(40).fill(0)]),
      'This file type is not supported',
    ],
    [
      'an SVG',
      'me.svg',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'This file type is not supported',
    ],
    ['a text file', 'me.txt', new TextEncoder().encode('hello'), 'This file type is not supported'],
    ['a name without an extension', 'avatar', pngBytes(4, 4), 'This file type is not supported'],
    ['a .png that is not a PNG', 'me.png', new TextEncoder().encode('<html><script>alert(1)</script></html>'), null],
    ['a .jpg holding a PNG', 'me.jpg', pngBytes(4, 4), null],
    ['an empty .png', 'me.png', new Uint8Array(0), null],
  ])('refuses %s and leaves nothing behind', async (_, name, bytes, message) => {
    const me = await loginUser();
    const keys = await r2Keys();
    const { body } = await uploadAvatar(me.token, name, bytes);
    expect(body.code).toBe(401);
    if (message) expect(body.msg).toBe(message);
    else expect(body.msg).not.toBe('');
    expect(await avatarRows(me.userInfo.user_id)).toEqual([]);
    expect(await avatarOf(me.userInfo.user_id)).toBe('');
    expect(await r2Keys()).toEqual(keys);
  });

  it(`refuses a picture over ${AVATAR_MAX_MB} MB, and over fileUpload.size when that is smaller, leaving nothing behind`, async () => {
    const me = await loginUser();
    const keys = await r2Keys();
    const big = new Uint8Array(AVATAR_MAX_MB * 1024 * 1024 + 1);
    big.set(pngBytes(4, 4));
    const refused = await uploadAvatar(me.token, 'big.png', big);
    expect(refused.body).toMatchObject({ code: 401, msg: expect.stringContaining(String(AVATAR_MAX_MB)) });

    await setConfig('fileUpload', { size: '1' });
    const mid = new Uint8Array(1.5 * 1024 * 1024);
    mid.set(pngBytes(4, 4));
    expect((await uploadAvatar(me.token, 'mid.png', mid)).body.code).toBe(401);
    expect(await avatarRows(me.userInfo.user_id)).toEqual([]);
    expect(await r2Keys()).toEqual(keys);
    await resetConfig();
    expect((await uploadAvatar(me.token, 'mid.png', mid)).body.code).toBe(0);
  });

  it('refuses a body that is not a form with a file', async () => {
    const me = await loginUser();
    expect((await call('/common/upload/uploadAvatar', { file: 'x.png' }, { token: me.token })).body.code).toBe(400);
    const form = new FormData();
    form.set('picture', new File([pngBytes(2, 2)], 'a.png'));
    const res = await exports.default.fetch(
      new Request('http://parley.test/common/upload/uploadAvatar', {
        method: 'POST',
        headers: { authorization: me.token },
        body: form,
      }),
    );
    expect(((await res.json()) as { code: number }).code).toBe(400);
  });

  it('reaches the open screens of the people who chat with me, and my own other devices', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const stranger = await loginUser();
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(peer.userInfo.user_id, 'hi'), { token: me.token })).body
        .code,
    ).toBe(0);
    await delivered(pairHub(me.userInfo.user_id, peer.userInfo.user_id).stub);
    const [peerSocket, mySocket, strangerSocket] = await Promise.all([
      connect(peer.token),
      connect(me.token, 'my-phone'),
      connect(stranger.token),
    ]);
    const { body } = await uploadAvatar(me.token, 'new.png', pngBytes(8, 8));
    const expected = {
      id: me.userInfo.user_id,
      avatar: body.data.avatar,
      realname: 'Test User',
      displayName: 'Test User',
    };
    expect((await peerSocket.next((f) => f.type === 'updateUser')).data).toMatchObject(expected);
    expect((await mySocket.next((f) => f.type === 'updateUser')).data).toMatchObject(expected);
    await new Promise((r) => setTimeout(r, 300));
    expect(strangerSocket.frames.filter((f) => f.type === 'updateUser')).toEqual([]);
    for (const s of [peerSocket, mySocket, strangerSocket]) s.close();
  });
});

/** A minimal lossless WebP header (RIFF….WEBPVP8L) of 1×1. */
function webpBytes(): Uint8Array {
  const b = new Uint8Array(40);
  b.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  b.set(
    [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
    8,
  );
  return b;
}
