import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { loginUser, pngBytes, uploadFile } from './helpers';
import { connect } from './socket-helpers';

describe('uploads', () => {
  it('sends an image message with its dimensions and serves it inline to members', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const socket = await connect(b.token);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'Photo.PNG', pngBytes(640, 480));
    expect(up.body.code).toBe(0);
    expect(up.body.data).toMatchObject({ type: 'image', extends: { width: 640, height: 480 }, fileName: 'Photo.PNG' });
    const frame = await socket.next((f) => f.type === 'simple');
    expect(frame.data.type).toBe('image');
    const res = await exports.default.fetch(
      new Request(`http://parley.test${up.body.data.content}`, { headers: { authorization: b.token } }),
    );
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    await res.arrayBuffer();
    socket.close();
  });

  it('refuses a disallowed extension, content that does not match, and an empty file', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const to = b.userInfo.user_id;
    const exe = await uploadFile(a.token, to, 'tool.exe', new Uint8Array([0x4d, 0x5a, 1, 2]));
    expect(exe.body).toMatchObject({ code: 401, msg: 'This file type is not supported' });
    const fake = await uploadFile(a.token, to, 'cat.png', new TextEncoder().encode('<script>alert(1)</script>'));
    expect(fake.body).toMatchObject({ code: 401, msg: 'The file content does not match its extension' });
    const html = await uploadFile(a.token, to, 'page.txt', new Uint8Array([0x3c, 0, 0x3e]));
    expect(html.body.code).toBe(401);
    const empty = await uploadFile(a.token, to, 'empty.txt', new Uint8Array());
    expect(empty.body.code).toBe(401);
    const noMessage = await uploadFile(a.token, to, 'a.png', pngBytes(1, 1), { toContactId: 'bad id' });
    expect(noMessage.body.code).toBe(400);
  });

  it('refuses a voice message shorter than one second and a video longer than 60 s', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const wav = (seconds: number) => {
      const rate = 8000;
      const data = rate * seconds;
      const b = new Uint8Array(44 + data);
      const v = new DataView(b.buffer);
      b.set(new TextEncoder().encode('RIFF'), 0);
      v.setUint32(4, 36 + data, true);
      b.set(new TextEncoder().encode('WAVEfmt '), 8);
      v.setUint32(16, 16, true);
      v.setUint16(20, 1, true);
      v.setUint16(22, 1, true);
      v.setUint32(24, rate, true);
      v.setUint32(28, rate, true);
      v.setUint16(32, 1, true);
      v.setUint16(34, 8, true);
      b.set(new TextEncoder().encode('data'), 36);
      v.setUint32(40, data, true);
      return b;
    };
    const short = await uploadFile(a.token, b.userInfo.user_id, 'rec.wav', wav(0.5), { type: 'voice' });
    expect(short.body).toMatchObject({ code: 401, msg: 'The recording is too short' });
    const ok = await uploadFile(a.token, b.userInfo.user_id, 'rec.wav', wav(2), { type: 'voice' });
    expect(ok.body.data).toMatchObject({ type: 'voice', extends: { duration: 2 } });
    const mp4 = new Uint8Array(64);
    mp4.set(new TextEncoder().encode('\0\0\0\x14ftypisom\0\0\0\0'), 0);
    mp4.set(new TextEncoder().encode('\0\0\0\x6cmvhd'), 20);
    new DataView(mp4.buffer).setUint32(20 + 8 + 12, 1000);
    new DataView(mp4.buffer).setUint32(20 + 8 + 16, 61_000);
    const long = await uploadFile(a.token, b.userInfo.user_id, 'clip.mp4', mp4);
    expect(long.body).toMatchObject({ code: 401, msg: 'Videos can be at most 60 seconds long' });
  });
});
