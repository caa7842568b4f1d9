// A recalled photo or file stops downloading by its URL, and its bytes go unless a forwarded copy
// (a separate message with its own URL) still shares them.
import { describe, expect, it } from 'vitest';
import { env, exports } from 'cloudflare:workers';
import { call, eventually, loginUser, pngBytes, uploadFile } from './helpers';

const download = async (path: string, token: string) => {
  const res = await exports.default.fetch(new Request(`http://parley.test${path}`, { headers: { authorization: token } }));
  await res.arrayBuffer();
  return res.status;
};
const keyOf = async (path: string) =>
  (await env.DB.prepare('SELECT r2_key FROM files WHERE file_id = ?1').bind(Number(path.split('/').pop())).first<{ r2_key: string }>())?.r2_key;

describe('recalling a message with a file', () => {
  it('makes the file unknown by its URL and deletes its bytes', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'beach.png', pngBytes(8, 8));
    const url = up.body.data.content as string;
    const key = (await keyOf(url))!;
    expect(await download(url, b.token)).toBe(200);

    const undo = await call('/enterprise/im/undoMessage', { id: up.body.data.id, toContactId: b.userInfo.user_id }, { token: a.token });
    expect(undo.body.code).toBe(0);
    await eventually(async () => expect(await download(url, b.token)).toBe(404));
    expect(await download(url, a.token)).toBe(404);
    await eventually(async () => expect(await env.FILES.head(key)).toBeNull());
  });

  it('keeps a forwarded copy downloadable, and the bytes it shares', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'plan.txt', new TextEncoder().encode('the plan'));
    const forward = await call('/enterprise/im/forwardMessage', { msg_id: up.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id] }, { token: a.token });
    const copyUrl = forward.body.data[0].content as string;
    const key = (await keyOf(up.body.data.content))!;

    await call('/enterprise/im/undoMessage', { id: up.body.data.id, toContactId: b.userInfo.user_id }, { token: a.token });
    await eventually(async () => expect(await download(up.body.data.content, b.token)).toBe(404));
    expect(await download(copyUrl, c.token)).toBe(200);
    expect(await env.FILES.head(key)).not.toBeNull();
  });

  it('releases nothing when the recall is refused', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'keep.png', pngBytes(4, 4));
    // Only the sender may recall.
    const refused = await call('/enterprise/im/undoMessage', { id: up.body.data.id, toContactId: a.userInfo.user_id }, { token: b.token });
    expect(refused.body.code).not.toBe(0);
    expect(await download(up.body.data.content, b.token)).toBe(200);
  });
});
