// The site-closed switch (sysInfo.state '0' with closeTips): while it is off, a
// user who is not an operator can neither sign in (told why, with the operator's text) nor go on
// with a token they hold (the next request asks them to sign in again, with the same reason);
// operators go on, so they can open it again. Closing it also closes those users' open sockets
// (4001), and stops pushes to them and typing from them, while operators keep theirs.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_ENDED_CLOSE_CODE } from '../../worker/services/socket-rules';
import {
  call,
  delivered,
  eventually,
  loginUser,
  operator,
  pairHub,
  resetConfig,
  setSysInfo,
  textMessage,
} from './helpers';
import { newBrowser, PushService } from './push-service';
import { closeCode, connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const quiet = (ms = 400) => new Promise((r) => setTimeout(r, ms));
const send = (from: User, to: User, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(uid(to), text), { token: from.token });
const setSite = (as: User, value: Record<string, string>) =>
  call('/manage/config/setConfig', { name: 'sysInfo', value }, { token: as.token });

afterEach(async () => {
  vi.restoreAllMocks();
  await resetConfig();
});

describe('a closed site', () => {
  it('lets in operators only, and tells everyone else why', async () => {
    const user = await loginUser();
    const ops = await loginUser();
    await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(ops.userInfo.user_id).run();
    await setSysInfo({ state: '0', closeTips: 'back at 06:00 UTC' });

    const held = await call('/enterprise/im/getContacts', {}, { token: user.token, lang: 'en' });
    expect(held.status).toBe(401);
    expect(held.body).toMatchObject({ code: -1, msg: 'Parley is closed for now: back at 06:00 UTC' });
    const again = await call('/common/pub/login', { account: user.account, password: user.password }, { lang: 'vi' });
    expect(again.body).toMatchObject({ code: 400, msg: 'Parley đang tạm đóng: back at 06:00 UTC' });

    expect((await call('/enterprise/im/getContacts', {}, { token: ops.token })).body.code).toBe(0);
    expect((await call('/common/pub/login', { account: ops.account, password: ops.password })).body.code).toBe(0);

    await setSysInfo({ state: '1' });
    expect((await call('/common/pub/login', { account: user.account, password: user.password })).body.code).toBe(0);
  });

  it("closes ordinary users' open sockets when an operator closes it, and keeps the operators'", async () => {
    const [boss, other] = [await operator(1), await operator(2)];
    const [ann, bob] = [await loginUser(), await loginUser()];
    expect((await send(ann, boss, 'hello')).body.code).toBe(0);
    const [annSocket, bossSocket] = [await connect(ann.token, 'ann'), await connect(boss.token, 'boss')];
    expect((await setSite(boss, { state: '0', closeTips: 'maintenance' })).body.code).toBe(0);
    expect(await closeCode(annSocket)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await closeCode(bossSocket, 500)).toBe('open');
    // The operator's socket still works: a message from another operator reaches it.
    expect((await send(other, boss, 'still here')).body.code).toBe(0);
    await bossSocket.next((f) => f.type === 'simple' && f.data.content === 'still here');
    // And nobody else gets a socket meanwhile (no ticket while closed).
    expect((await call('/common/pub/wsTicket', {}, { token: bob.token })).status).toBe(401);
    bossSocket.close();
  });

  it('sends no push to an ordinary user while closed, and again once it opens', async () => {
    const service = new PushService();
    service.install();
    const boss = await operator(1);
    const ann = await loginUser();
    const browser = service.add(await newBrowser());
    expect(
      (await call('/common/push/subscribe', { endpoint: browser.endpoint, keys: browser.keys }, { token: ann.token }))
        .body.code,
    ).toBe(0);
    await setSite(boss, { state: '0' });
    expect((await send(boss, ann, 'while closed')).body.code).toBe(0);
    await delivered(pairHub(uid(boss), uid(ann)).stub);
    await quiet();
    expect(service.delivered).toEqual([]);
    await setSite(boss, { state: '1' });
    expect((await send(boss, ann, 'open again')).body.code).toBe(0);
    await eventually(async () => {
      if (!service.delivered.some((d) => d.payload.notification.body.endsWith('open again')))
        throw new Error('waiting');
    });
    expect(service.delivered.map((d) => d.payload.notification.body)).not.toContain('while closed');
  });

  it('relays no typing from an ordinary user while closed (a socket its closing missed), and closes that socket at its sync', async () => {
    const boss = await operator(1);
    const ann = await loginUser();
    expect((await send(ann, boss, 'hi')).body.code).toBe(0);
    await delivered(pairHub(uid(ann), uid(boss)).stub);
    const [annSocket, bossSocket] = [await connect(ann.token, 'ann'), await connect(boss.token, 'boss')];
    // Closed straight in D1: no operator's call closed the sockets.
    await setSysInfo({ state: '0' });
    annSocket.send({ type: 'typing', toContactId: uid(boss), typing: true });
    await quiet();
    expect(bossSocket.frames.filter((f) => f.type === 'typing')).toEqual([]);
    annSocket.send({ type: 'sync', since: 0 });
    expect(await closeCode(annSocket)).toBe(SESSION_ENDED_CLOSE_CODE);
    // The operator types on.
    bossSocket.send({ type: 'typing', toContactId: uid(ann), typing: true });
    await setSysInfo({ state: '1' });
    const annAgain = await connect(ann.token, 'ann2');
    bossSocket.send({ type: 'typing', toContactId: uid(ann), typing: false });
    expect((await annAgain.next((f) => f.type === 'typing')).data).toMatchObject({ user_id: uid(boss), typing: false });
    annAgain.close();
    bossSocket.close();
  });
});
