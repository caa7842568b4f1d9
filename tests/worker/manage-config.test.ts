// The operator console's settings (issue 25 items 7 and 9): a super admin reads and sets the
// configuration rows; every key is validated and an unknown one refused with nothing stored; the
// change applies without a redeploy (getSystemInfo answers it, everyone online gets updateConfig);
// a TURN password is never shown back; verification by code cannot be switched on without a way
// to send codes; every change is audited.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { call, loginUser, resetConfig } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
afterEach(resetConfig);

async function operator(role = 1): Promise<User> {
  const me = await loginUser();
  await env.DB.prepare('UPDATE users SET role = ?2 WHERE user_id = ?1').bind(uid(me), role).run();
  return me;
}
const setConfig = (as: User, name: string, value: unknown) =>
  call('/manage/config/setConfig', { name, value }, { token: as.token });
const systemInfo = async () => (await call('/common/pub/getSystemInfo', {})).body.data;

describe('manage/config', () => {
  it('applies a setting at once: getSystemInfo answers it and every open socket gets updateConfig', async () => {
    const boss = await operator();
    const someone = await loginUser();
    const socket = await connect(someone.token, 'phone');
    await socket.next((f) => f.type === 'init');
    const saved = await setConfig(boss, 'sysInfo', { name: 'Parley Co', closeTips: 'Back at noon' });
    expect(saved.body.code).toBe(0);
    expect((await systemInfo()).sysInfo).toMatchObject({ name: 'Parley Co', closeTips: 'Back at noon' });
    const pushed = await socket.next((f) => f.type === 'updateConfig');
    expect(pushed.data.sysInfo.name).toBe('Parley Co');
    expect(pushed.data.chatInfo).not.toHaveProperty('stunPass');
    // The row keeps what was set before: a second change merges.
    await setConfig(boss, 'sysInfo', { regtype: '2' });
    expect((await systemInfo()).sysInfo).toMatchObject({ name: 'Parley Co', regtype: '2' });
    socket.close();
  });

  it('refuses an unknown key or a bad value with the envelope, storing nothing', async () => {
    const boss = await operator();
    const before = await systemInfo();
    for (const [name, value] of [
      ['sysInfo', { evil: '1' }],
      ['sysInfo', { regtype: '9' }],
      ['chatInfo', { groupUserMax: '-5' }],
      ['fileUpload', { fileExt: ['exe', '../x'] }],
      ['fileUpload', { size: '0' }],
      ['compass', { status: '0' }],
    ] as const) {
      const reply = await setConfig(boss, name, value);
      expect(reply.body.code, JSON.stringify([name, value])).toBe(400);
      expect(reply.body.msg).toBeTruthy();
    }
    expect(await systemInfo()).toEqual(before);
  });

  it('is set by a super admin only; an admin may read it, a TURN password shows only as set', async () => {
    const boss = await operator(1);
    const admin = await operator(2);
    expect((await setConfig(admin, 'chatInfo', { webrtc: '0' })).body.code).toBe(400);
    expect(
      (await setConfig(boss, 'chatInfo', { stun: 'turn:turn.example.com:3478', stunPass: 's3cret' })).body.code,
    ).toBe(0);
    const all = (await call('/manage/config/getAllConfig', {}, { token: admin.token })).body.data;
    expect(all.chatInfo).toMatchObject({ stun: 'turn:turn.example.com:3478', stunPass: '********' });
    expect(JSON.stringify(all)).not.toContain('s3cret');
    const trail = await env.DB.prepare("SELECT before, after FROM audit_log WHERE target = 'config:chatInfo'").all();
    expect(JSON.stringify(trail.results)).not.toContain('s3cret');
    expect(JSON.parse(String(trail.results.at(-1)!.after))).toEqual({
      stun: 'turn:turn.example.com:3478',
      stunPass: '********',
    });
  });

  it('cannot switch verification codes on while no code can be sent, and can once one can', async () => {
    const boss = await operator();
    const noSender = async () => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request('http://parley.test/manage/config/setConfig', {
          method: 'POST',
          headers: { authorization: boss.token, 'content-type': 'application/json', 'accept-language': 'en' },
          body: JSON.stringify({ name: 'sysInfo', value: { regauth: '2' } }),
        }),
        { ...env, DEV_MAILBOX: 'false' },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return (await res.json()) as { code: number; msg: string };
    };
    expect(await noSender()).toMatchObject({
      code: 400,
      msg: 'Verification codes cannot be delivered: no provider is configured',
    });
    expect((await systemInfo()).sysInfo.regauth).toBe('0');
    // The test Worker keeps codes in its dev mailbox: a sender exists.
    expect((await setConfig(boss, 'sysInfo', { regauth: '2' })).body.code).toBe(0);
  });
});
