// Attacks on storage: a refused or repeated upload or forward must leave no R2
// object and no `files` row behind, and an over-limit body without a length is refused unread.
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, loginUser, makeGroup, pngBytes, resetConfig, setConfig, textMessage, uploadFile } from './helpers';

/** Every stored object and file row, counted (tests in a file run one after another). */
async function stored() {
  let objects = 0;
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor });
    objects += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first<{ n: number }>();
  return { objects, rows: rows!.n };
}

afterEach(resetConfig);

const BOUNDARY = 'parley-boundary';

/** A multipart body up to the start of the file's bytes (a text file into the chat with `to`). */
const formHead = (to: number) =>
  new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${JSON.stringify({ id: crypto.randomUUID(), toContactId: to })}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );

/** Uploads a streamed body, which carries no Content-Length. */
const streamUpload = (token: string, body: ReadableStream<Uint8Array>) =>
  exports.default.fetch(
    new Request('http://parley.test/common/upload/uploadFile', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        authorization: token,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    } as RequestInit),
  );

describe('uploads store nothing they do not deliver', () => {
  it('keeps one object and one row when the same upload is sent twice', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const before = await stored();
    const id = crypto.randomUUID();
    const first = await uploadFile(a.token, b.userInfo.user_id, 'once.png', pngBytes(4, 4), { id });
    const again = await uploadFile(a.token, b.userInfo.user_id, 'once.png', pngBytes(4, 4), { id });
    expect(first.body.code).toBe(0);
    expect(again.body).toMatchObject({
      code: 0,
      data: { msg_id: first.body.data.msg_id, content: first.body.data.content },
    });
    expect(await stored()).toEqual({ objects: before.objects + 1, rows: before.rows + 1 });
  });

  it('keeps one object and one row when two tries of the same upload arrive together', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const before = await stored();
    const id = crypto.randomUUID();
    // Both may pass the resend check before either is sent: the hub keeps one, the other's bytes go.
    const [one, two] = await Promise.all(
      [1, 2].map(() => uploadFile(a.token, b.userInfo.user_id, 'twice.png', pngBytes(4, 4), { id })),
    );
    expect(one!.body.code).toBe(0);
    expect(two!.body).toMatchObject({
      code: 0,
      data: { msg_id: one!.body.data.msg_id, content: one!.body.data.content },
    });
    expect(await stored()).toEqual({ objects: before.objects + 1, rows: before.rows + 1 });
  });

  it('leaves nothing when the hub refuses the send (the client id belongs to another sender)', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const taken = textMessage(a.userInfo.user_id, 'mine');
    expect((await call('/enterprise/im/sendMessage', taken, { token: b.token })).body.code).toBe(0);
    const before = await stored();
    const up = await uploadFile(a.token, b.userInfo.user_id, 'steal.png', pngBytes(4, 4), { id: taken.id });
    expect(up.body.code).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('leaves nothing for an outsider uploading into a group, or into a closed one-to-one chat', async () => {
    const [a, b, outsider] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const { group } = await makeGroup([a.userInfo.user_id, b.userInfo.user_id]);
    const before = await stored();
    const foreign = await uploadFile(outsider.token, group, 'in.png', pngBytes(4, 4));
    expect(foreign.body.code).toBe(403);
    await setConfig('chatInfo', { simpleChat: '0' });
    const closed = await uploadFile(a.token, b.userInfo.user_id, 'closed.png', pngBytes(4, 4));
    expect(closed.body.code).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body without a length once it passes the limit, without reading the rest', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await setConfig('fileUpload', { size: '1' });
    const before = await stored();
    const head = formHead(b.userInfo.user_id);
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    // 16 MB against a 1 MB limit, made only as the server reads it.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled > 16 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await streamUpload(a.token, body);
    expect(await res.json()).toMatchObject({ code: 401, msg: 'The file cannot be larger than 1MB' });
    expect(pulled).toBeLessThan(3 * 1024 * 1024);
    expect(await stored()).toEqual(before);
  });

  it('takes a body without a length that stays under the limit', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const parts = [
      formHead(b.userInfo.user_id),
      new TextEncoder().encode('streamed notes'),
      new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`),
    ];
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => (parts.length ? controller.enqueue(parts.shift()!) : controller.close()),
    });
    const res = await streamUpload(a.token, body);
    expect(await res.json()).toMatchObject({ code: 0, data: { type: 'file' } });
  });
});

describe('forwarding copies nothing it does not deliver', () => {
  it('copies no file row into a group the forwarder is not in', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const { group } = await makeGroup([b.userInfo.user_id, c.userInfo.user_id]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'doc.txt', new TextEncoder().encode('only for b'));
    const before = await stored();
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: up.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id, group] },
      { token: a.token },
    );
    expect(forward.body.code).toBe(403);
    expect(await stored()).toEqual(before);
    // Refused as a whole: the chat named before the foreign group got nothing either.
    const toC = await call('/enterprise/im/getMessageList', { toContactId: a.userInfo.user_id }, { token: c.token });
    expect(toC.body.data).toHaveLength(0);
  });
});
