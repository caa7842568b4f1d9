// The operator console's settings: a super admin reads and sets the
// configuration rows; every key is validated and an unknown one refused with nothing stored; the
// change applies without a redeploy (getSystemInfo answers it, everyone online gets updateConfig);
// a TURN password is never shown back; verification by code cannot be switched on without a way
// to send codes; every change is audited.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { APP_VERSION } from '../../worker/protocol/version';
import { call, loginUser, operator, resetConfig } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
afterEach(resetConfig);

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

  it('refuses an oldest supported version above the version deployed, and takes it or a lower one', async () => {
    const boss = await operator();
    const [major, minor, patch] = APP_VERSION.split('.').map(Number) as [number, number, number];
    for (const above of [`${major}.${minor}.${patch + 1}`, `${major + 1}`, '99.0.0']) {
      const reply = await setConfig(boss, 'sysInfo', { minVersion: above });
      expect(reply.body.code, above).toBe(400);
      expect((await systemInfo()).sysInfo.minVersion, above).toBe('');
    }
    for (const fine of [APP_VERSION, '1.0.0', '']) {
      expect((await setConfig(boss, 'sysInfo', { minVersion: fine })).body.code, fine).toBe(0);
      expect((await systemInfo()).sysInfo.minVersion).toBe(fine);
    }
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

describe('the automatic agent and group at registration (chatInfo.autoAddUser / autoAddGroup)', () => {
  it('stores both whole when they name active users, and refuses inactive or unknown ones with a translated message', async () => {
    const boss = await operator();
    const [agent, owner, gone] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(uid(gone)).run();
    const autoAddUser = { status: '1', welcome: 'Welcome!', user_ids: [uid(agent)] };
    const autoAddGroup = { status: '1', name: 'Lobby', userMax: '200', owner_uid: String(uid(owner)) };
    const saved = await setConfig(boss, 'chatInfo', { autoAddUser, autoAddGroup });
    expect(saved.body.code, saved.body.msg).toBe(0);
    // Read back in the console: getSystemInfo no longer publishes them (system-info.test.ts).
    const stored = async () => (await call('/manage/config/getAllConfig', {}, { token: boss.token })).body.data;
    expect((await stored()).chatInfo).toMatchObject({
      autoAddUser: { ...autoAddUser, user_ids: [String(uid(agent))] },
      autoAddGroup,
    });
    const refused = async (value: unknown, lang = 'en') =>
      (await call('/manage/config/setConfig', { name: 'chatInfo', value }, { token: boss.token, lang })).body;
    expect(await refused({ autoAddUser: { ...autoAddUser, user_ids: [uid(agent), uid(gone)] } })).toMatchObject({
      code: 400,
      msg: 'Every customer-service user must be an existing, active user',
    });
    expect(await refused({ autoAddGroup: { ...autoAddGroup, owner_uid: '99999999' } }, 'zh-CN')).toMatchObject({
      code: 400,
      msg: '自动群的群主必须是存在且启用的用户',
    });
    // Switched on without anyone to assign, without a name, a key too many: refused as parameters.
    for (const value of [
      { autoAddUser: { ...autoAddUser, user_ids: [] } },
      { autoAddGroup: { ...autoAddGroup, name: '' } },
      { autoAddGroup: { ...autoAddGroup, userMax: '1' } },
      { autoAddUser: { ...autoAddUser, extra: 1 } },
    ])
      expect((await refused(value)).code, JSON.stringify(value)).toBe(400);
    expect((await stored()).chatInfo.autoAddUser.user_ids).toEqual([String(uid(agent))]);
  });
});
