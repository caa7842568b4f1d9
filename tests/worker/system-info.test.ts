import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { forgetConfig } from '../../worker/db/config';
import { call, loginUser, operator } from './helpers';
import { connect } from './socket-helpers';

describe('getSystemInfo', () => {
  it('answers the defaults of a fresh install', async () => {
    const { status, body } = await call('/common/pub/getSystemInfo');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.sysInfo).toMatchObject({ regtype: '1', regauth: '0', runMode: '1' });
    expect(body.data.chatInfo).toMatchObject({ redoTime: '120', groupUserMax: '500', msgClearDay: '0' });
    expect(body.data.fileUpload.size).toBe('50');
    expect(body.data.fileUpload.fileExt).toContain('docx');
  });

  it('ships a few https links for the explore tab, which a compass row replaces', async () => {
    const fresh = (await call('/common/pub/getSystemInfo')).body.data.compass;
    expect(fresh.status).toBe('1');
    expect(fresh.list.length).toBeGreaterThanOrEqual(3);
    for (const link of fresh.list) expect(link).toMatchObject({ type: '2', url: expect.stringMatching(/^https:\/\//) });
    await env.DB.prepare("INSERT OR REPLACE INTO config (name, value, update_time) VALUES ('compass', ?1, 0)")
      .bind(JSON.stringify({ list: [{ icon: '', name: 'Intranet', type: '2', url: 'https://intranet.example' }] }))
      .run();
    forgetConfig();
    const replaced = (await call('/common/pub/getSystemInfo')).body.data.compass;
    expect(replaced.list.map((l: { name: string }) => l.name)).toEqual(['Intranet']);
    await env.DB.prepare("DELETE FROM config WHERE name = 'compass'").run();
    forgetConfig();
  });

  it('never includes TURN credentials, even when configured', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO config (name, value, update_time) VALUES ('chatInfo', ?1, 0)")
      .bind(JSON.stringify({ stun: 'turn:x', stunUser: 'u', stunPass: 'secret', redoTime: '60' }))
      .run();
    forgetConfig();
    const { body } = await call('/common/Pub/GetSystemInfo');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.data.chatInfo.stun).toBeUndefined();
    expect(body.data.chatInfo.redoTime).toBe('60');
    await env.DB.prepare("DELETE FROM config WHERE name = 'chatInfo'").run();
    forgetConfig();
  });

  it('keeps what only operators use to itself: the welcome agents and text, the auto group and owner, the abuse intervals', async () => {
    const agent = await loginUser();
    const boss = await operator(1);
    const agentId = String(agent.userInfo.user_id);
    const setConfig = (name: string, value: unknown) =>
      call('/manage/config/setConfig', { name, value }, { token: boss.token });
    expect(
      (
        await setConfig('chatInfo', {
          autoAddUser: { status: '1', welcome: 'Welcome-from-the-desk', user_ids: [agentId] },
          autoAddGroup: { status: '1', name: 'Newcomers-club', userMax: '50', owner_uid: agentId },
          sendInterval: '7',
        })
      ).body.code,
    ).toBe(0);
    expect((await setConfig('sysInfo', { registerInterval: '613' })).body.code).toBe(0);
    const socket = await connect((await loginUser()).token, 'phone');
    await socket.next((f) => f.type === 'init');
    expect((await setConfig('sysInfo', { name: 'Parley here' })).body.code).toBe(0);
    const pushed = await socket.next((f) => f.type === 'updateConfig');
    socket.close();
    const { body } = await call('/common/pub/getSystemInfo');
    for (const shown of [body.data, pushed.data]) {
      const text = JSON.stringify(shown);
      for (const secret of ['Welcome-from-the-desk', 'Newcomers-club', 'autoAdd', 'owner_uid', 'user_ids', '613'])
        expect(text).not.toContain(secret);
      expect(shown.chatInfo.sendInterval).toBeUndefined();
      expect(shown.sysInfo.registerInterval).toBeUndefined();
      // What the apps read is still there.
      expect(shown.sysInfo.name).toBe('Parley here');
      expect(shown.chatInfo).toMatchObject({ groupChat: '1', webrtc: '1', online: '1', redoTime: '120' });
    }
    // The console still reads them whole.
    const all = (await call('/manage/config/getAllConfig', {}, { token: boss.token })).body.data;
    expect(all.chatInfo.autoAddUser).toMatchObject({ welcome: 'Welcome-from-the-desk', user_ids: [agentId] });
    expect(all.sysInfo.registerInterval).toBe('613');
    await env.DB.prepare("DELETE FROM config WHERE name IN ('chatInfo', 'sysInfo')").run();
    forgetConfig();
  });
});
