// A recalled photo or file stops downloading by its URL, and its bytes go unless a forwarded copy
// (a separate message with its own URL) still shares them; releaseFiles, which retention uses too.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { releaseFiles } from '../../worker/db/files';
import { call, loginUser, pngBytes, uploadFile } from './helpers';

const fetchFile = async (path: string, token: string, headers: Record<string, string> = {}) => {
  const res = await exports.default.fetch(
    new Request(`http://parley.test${path}`, { headers: { authorization: token, ...headers } }),
  );
  return { status: res.status, headers: res.headers, bytes: (await res.arrayBuffer()).byteLength };
};
const download = async (path: string, token: string) => (await fetchFile(path, token)).status;
const keyOf = async (path: string) =>
  (
    await env.DB.prepare('SELECT r2_key FROM files WHERE file_id = ?1')
      .bind(Number(path.split('/').pop()))
      .first<{ r2_key: string }>()
  )?.r2_key;

describe('recalling a message with a file', () => {
  it('makes the file unknown by its URL and deletes its bytes', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'beach.png', pngBytes(8, 8));
    const url = up.body.data.content as string;
    const key = (await keyOf(url))!;
    expect(await download(url, b.token)).toBe(200);

    const undo = await call(
      '/enterprise/im/undoMessage',
      { id: up.body.data.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(undo.body.code).toBe(0);
    // Gone by the time the recall is answered.
    expect(await download(url, b.token)).toBe(404);
    expect(await download(url, a.token)).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
  });

  it("has the browser ask again before each use, so a recalled photo leaves the receiver's cache too", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const png = pngBytes(8, 8);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'cached.png', png);
    const url = up.body.data.content as string;
    const first = await fetchFile(url, b.token);
    expect(first).toMatchObject({ status: 200, bytes: png.byteLength });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);

    // The browser's copy is current: 304, no body, the same validator.
    const again = await fetchFile(url, b.token, { 'if-none-match': etag });
    expect(again).toMatchObject({ status: 304, bytes: 0 });
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // A copy of something else gets the bytes.
    expect(await fetchFile(url, b.token, { 'if-none-match': '"something-else"' })).toMatchObject({
      status: 200,
      bytes: png.byteLength,
    });
    // Someone outside the conversation learns nothing from a validator.
    const outsider = await loginUser();
    expect((await fetchFile(url, outsider.token, { 'if-none-match': etag })).status).toBe(404);

    await call(
      '/enterprise/im/undoMessage',
      { id: up.body.data.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    // The same question after the recall: the browser is told the file is gone, not that its copy is fine.
    expect(await fetchFile(url, b.token, { 'if-none-match': etag })).toMatchObject({ status: 404 });
  });

  it('keeps a forwarded copy downloadable, and the bytes it shares until the copy goes too', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'plan.txt', new TextEncoder().encode('the plan'));
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: up.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id] },
      { token: a.token },
    );
    const copyUrl = forward.body.data[0].content as string;
    const key = (await keyOf(up.body.data.content))!;

    await call(
      '/enterprise/im/undoMessage',
      { id: up.body.data.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(await download(up.body.data.content, b.token)).toBe(404);
    expect(await download(copyUrl, c.token)).toBe(200);
    expect(await env.FILES.head(key)).not.toBeNull();

    // The forwarder recalls the copy as well: nothing shares the bytes any more.
    const copyUndo = await call(
      '/enterprise/im/undoMessage',
      { id: forward.body.data[0].id, toContactId: c.userInfo.user_id },
      { token: a.token },
    );
    expect(copyUndo.body.code).toBe(0);
    expect(await download(copyUrl, c.token)).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
  });

  it('refuses to forward a message whose file was released after the message was read', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'gone.txt', new TextEncoder().encode('gone'));
    // As if a recall released the file between the hub's answer and the copy.
    await releaseFiles(env.DB, env.FILES, [Number(String(up.body.data.content).split('/').pop())]);
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: up.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id] },
      { token: a.token },
    );
    expect(forward.body.code).not.toBe(0);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: c.token },
    );
    expect(history.body.data ?? []).toEqual([]);
  });

  it('releases nothing when the recall is refused', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'keep.png', pngBytes(4, 4));
    // Only the sender may recall.
    const refused = await call(
      '/enterprise/im/undoMessage',
      { id: up.body.data.id, toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(refused.body.code).not.toBe(0);
    expect(await download(up.body.data.content, b.token)).toBe(200);
  });
});

describe('releasing files (recall and retention share it)', () => {
  it('forgets any number of rows at once and deletes only the bytes no remaining row shares', async () => {
    const conversation = `release-${crypto.randomUUID()}`;
    const insert = (key: string) =>
      env.DB.prepare(
        `INSERT INTO files (r2_key, user_id, conversation_id, cate, name, ext, mime, size, width, height, duration, create_time)
         VALUES (?1, 1, ?2, 5, 'f.txt', 'txt', 'text/plain', 1, 0, 0, 0, 0) RETURNING file_id`,
      )
        .bind(key, conversation)
        .first<{ file_id: number }>()
        .then((r) => r!.file_id);
    // 150 files with bytes of their own, and one whose bytes a copy outside the release shares.
    const keys = Array.from({ length: 150 }, (_, i) => `test/release/${conversation}/${i}`);
    const shared = `test/release/${conversation}/shared`;
    for (const key of [...keys, shared]) await env.FILES.put(key, 'x');
    const ids = [];
    for (const key of [...keys, shared]) ids.push(await insert(key));
    const copy = await insert(shared);

    await releaseFiles(env.DB, env.FILES, ids);
    const left = await env.DB.prepare('SELECT file_id FROM files WHERE conversation_id = ?1')
      .bind(conversation)
      .all<{ file_id: number }>();
    expect(left.results.map((r) => r.file_id)).toEqual([copy]);
    expect((await env.FILES.list({ prefix: `test/release/${conversation}/` })).objects.map((o) => o.key)).toEqual([
      shared,
    ]);
  });
});
