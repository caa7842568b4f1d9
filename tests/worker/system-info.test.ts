import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { forgetConfig } from '../../worker/db/config';
import { call } from './helpers';

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
});
