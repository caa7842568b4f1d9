import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { call, loginUser, makeGroup, pngBytes, textMessage, uploadFile } from './helpers';
import { connect } from './socket-helpers';

async function groupOfThree() {
  const [a, b, c, outsider] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
  const { group } = await makeGroup([a.userInfo.user_id, b.userInfo.user_id, c.userInfo.user_id]);
  return { a, b, c, outsider, group };
}

describe('membership', () => {
  it('fans a group message out to all three members, sender included', async () => {
    const { a, b, c, group } = await groupOfThree();
    const sockets = await Promise.all([a, b, c].map((u) => connect(u.token)));
    const sent = await call('/enterprise/im/sendMessage', textMessage(group, 'hi all'), { token: a.token });
    expect(sent.body.code).toBe(0);
    const frames = await Promise.all(sockets.map((s) => s.next((f) => f.type === 'group')));
    for (const f of frames) expect(f.data).toMatchObject({ content: 'hi all', toContactId: group, is_group: 1 });
    sockets.forEach((s) => s.close());
  });

  it('lets a non-member neither read, send into, nor download from a conversation', async () => {
    const { a, outsider, group } = await groupOfThree();
    const upload = await uploadFile(a.token, group, 'pic.png', pngBytes(10, 10));
    expect(upload.body.code).toBe(0);
    const read = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, is_group: 1 },
      { token: outsider.token },
    );
    expect(read.body.code).toBe(403);
    const send = await call('/enterprise/im/sendMessage', textMessage(group, 'let me in'), { token: outsider.token });
    expect(send.body.code).toBe(403);
    const download = await exports.default.fetch(
      new Request(`http://parley.test${upload.body.data.content}`, { headers: { authorization: outsider.token } }),
    );
    expect(download.status).toBe(404);
    const member = await exports.default.fetch(
      new Request(`http://parley.test${upload.body.data.content}`, { headers: { authorization: a.token } }),
    );
    expect(member.status).toBe(200);
    await member.arrayBuffer();
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, is_group: 1 },
      { token: a.token },
    );
    expect(history.body.data).toHaveLength(1);
  });

  it("cannot reach another pair's one-to-one files or messages", async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const upload = await uploadFile(a.token, b.userInfo.user_id, 'notes.txt', new TextEncoder().encode('secret plans'));
    expect(upload.body.code).toBe(0);
    const stolen = await exports.default.fetch(
      new Request(`http://parley.test${upload.body.data.content}`, { headers: { authorization: c.token } }),
    );
    expect(stolen.status).toBe(404);
    const own = await exports.default.fetch(
      new Request(`http://parley.test${upload.body.data.content}`, { headers: { authorization: b.token } }),
    );
    expect(own.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await own.text()).toBe('secret plans');
    const unauthenticated = await exports.default.fetch(new Request(`http://parley.test${upload.body.data.content}`));
    expect(unauthenticated.status).toBe(401);
  });

  it('refuses malformed message bodies and changes nothing', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const to = b.userInfo.user_id;
    const bad = [
      {},
      { id: 'x', content: 'short id', toContactId: to },
      { ...textMessage(to, '') },
      { ...textMessage(to, 'x'.repeat(2049)) },
      { ...textMessage(to, 'wrong target'), toContactId: 'nobody' },
      { ...textMessage(to, 'self'), toContactId: a.userInfo.user_id },
      { ...textMessage(to, 'type'), type: 'webrtc' },
      { ...textMessage(to, ['array'] as unknown as string) },
      { ...textMessage(999999, 'ghost') },
    ];
    for (const body of bad) {
      const reply = await call('/enterprise/im/sendMessage', body, { token: a.token });
      expect(reply.status).toBe(200);
      expect(reply.body.code).toBeGreaterThanOrEqual(400);
    }
    const long = await call('/enterprise/im/sendMessage', textMessage(to, 'x'.repeat(2049)), { token: a.token });
    expect(long.body.msg).toBe('The message is too long (at most 2048 characters)');
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(to, 'x'.repeat(2048)), { token: a.token })).body.code,
    ).toBe(0);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data).toHaveLength(1);
  });
});
