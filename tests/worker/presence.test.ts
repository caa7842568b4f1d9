import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { SILENT_CLOSE_CODE } from '@protocol/socket';
import { PING_FRAME } from '@protocol/socket';

import { SILENT_SOCKET_MS } from '../../worker/durable/user/sockets';
import { call, delivered, loginUser, pairHub, resetConfig, setConfig, textMessage, userHubStub } from './helpers';
import { connect, type Socket } from './socket-helpers';

/** The hub reads attachments once per wake; one written here must be read again. */
const reread = (hub: unknown) =>
  (hub as { parts: { sockets: { rereadAttachments(): void } } }).parts.sockets.rereadAttachments();

/** Makes every socket of `uid` look as if it had opened, and last sent anything, `ms` ago. */
async function age(uid: number, ms: number) {
  await runInDurableObject(userHubStub(uid), (hub, state) => {
    for (const ws of state.getWebSockets())
      ws.serializeAttachment({ ...(ws.deserializeAttachment() as object), heardAt: Date.now() - ms });
    reread(hub);
  });
}

/** The code the socket was closed with by the server (fails after 5 s if it stays open). */
const closeCode = (s: Socket) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open (readyState ${s.ws.readyState})`)), 5000);
    s.ws.addEventListener('close', (e) => {
      clearTimeout(timer);
      resolve(e.code);
    });
  });

describe('presence', () => {
  it('tells a user who opened a chat when the peer comes online and goes offline', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aSocket = await connect(a.token);
    const info = await call('/enterprise/im/getContactInfo', { id: b.userInfo.user_id }, { token: a.token });
    expect(info.body.data).toMatchObject({ id: b.userInfo.user_id, is_online: 0 });
    const bSocket = await connect(b.token);
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 1);
    const contacts = await call('/enterprise/im/getContacts', {}, { token: a.token });
    expect(contacts.body.data.find((c: any) => c.id === b.userInfo.user_id).is_online).toBe(1);
    bSocket.close();
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 0);
    aSocket.close();
  });

  it('sends nobody presence while chatInfo.online is off: no frames, every card and list row offline', async () => {
    await setConfig('chatInfo', { online: '0' });
    try {
      const [a, b] = await Promise.all([loginUser(), loginUser()]);
      const peer = b.userInfo.user_id;
      const aSocket = await connect(a.token);
      await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'hello'), { token: b.token });
      expect((await call('/enterprise/im/getContactInfo', { id: peer }, { token: a.token })).body.data).toMatchObject({
        is_online: 0,
        last_seen: 0,
      });
      const bSocket = await connect(b.token);
      await bSocket.next((f) => f.type === 'init');
      const row = async () =>
        (await call('/enterprise/im/getContacts', {}, { token: a.token })).body.data.find((c: any) => c.id === peer);
      expect(await row()).toMatchObject({ is_online: 0, last_seen: 0 });
      expect((await call('/enterprise/im/getContactInfo', { id: peer }, { token: a.token })).body.data).toMatchObject({
        is_online: 0,
        last_seen: 0,
      });
      bSocket.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(await row()).toMatchObject({ is_online: 0, last_seen: 0 });
      // a chats with b and opened the chat twice, so with the switch on both changes would have come.
      expect(aSocket.frames.filter((f) => f.type === 'isOnline')).toEqual([]);
      aSocket.close();
    } finally {
      await resetConfig();
    }
  });

  it("tells the account's other devices that it logged in elsewhere, and whether the new one is a phone", async () => {
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
    const a = await loginUser();
    const uid = a.userInfo.user_id;
    const isInit = (f: any) => f.type === 'init';
    const phone = await connect(a.token, 'phone', IPHONE);
    await phone.next(isInit);
    // The same device again (a reconnect) is not somewhere else.
    const phoneAgain = await connect(a.token, 'phone', IPHONE);
    await phoneAgain.next(isInit);
    const laptop = await connect(a.token, 'laptop');
    const laptopId = (await laptop.next(isInit)).client_id;

    const fromLaptop = (f: any) => f.type === 'offline' && f.data.client_id === laptopId;
    for (const s of [phone, phoneAgain]) {
      await s.next(fromLaptop);
      // Frames keep their order, so a notice for the phone's own reconnect would be here by now.
      expect(s.frames.filter((f) => f.type === 'offline')).toEqual([
        expect.objectContaining({ type: 'offline', data: { id: uid, client_id: laptopId, isMobile: false } }),
      ]);
    }
    const tablet = await connect(a.token, 'tablet', ANDROID);
    const tabletId = (await tablet.next(isInit)).client_id;
    const notice = await laptop.next((f) => f.type === 'offline' && f.data.client_id === tabletId);
    expect(notice.data).toEqual({ id: uid, client_id: tabletId, isMobile: true });
    // Nobody hears about their own login.
    expect(laptop.frames.some(fromLaptop)).toBe(false);
    expect(tablet.frames.some((f) => f.type === 'offline')).toBe(false);
    for (const s of [phone, phoneAgain, laptop, tablet]) s.close();
  });

  it('closes a socket silent for two minutes when the hub next wakes, and the user goes offline', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aId = a.userInfo.user_id;
    const isA = (f: any) => f.type === 'isOnline' && f.data.id === aId;
    // They have chatted, so B hears about A's presence.
    await call('/enterprise/im/sendMessage', textMessage(aId, 'hi'), { token: b.token });
    await delivered(pairHub(aId, b.userInfo.user_id).stub);
    const bSocket = await connect(b.token);
    await bSocket.next((f) => f.type === 'init');
    const phone = await connect(a.token, 'phone');
    await phone.next((f) => f.type === 'init');
    await bSocket.next((f) => isA(f) && f.data.is_online === 1);

    // The phone lost its network two minutes ago: the next message to A closes its socket
    // instead of writing into it, and B sees A go offline.
    await age(aId, SILENT_SOCKET_MS + 1000);
    const closed = closeCode(phone);
    await call('/enterprise/im/sendMessage', textMessage(aId, 'gone?'), { token: b.token });
    expect(await closed).toBe(SILENT_CLOSE_CODE);
    expect(phone.frames.some((f) => f.type === 'simple')).toBe(false);
    await bSocket.next((f) => isA(f) && f.data.is_online === 0);
    const contacts = await call('/enterprise/im/getContacts', {}, { token: b.token });
    expect(contacts.body.data.find((c: any) => c.id === aId).is_online).toBe(0);

    // Back with a new socket: online again, and the chat list has what the closed one missed.
    const back = await connect(a.token, 'phone');
    await back.next((f) => f.type === 'init');
    const list = await call('/enterprise/im/getContacts', {}, { token: a.token });
    expect(list.body.data.find((c: any) => c.id === b.userInfo.user_id)).toMatchObject({ lastContent: 'gone?' });
    await bSocket.next((f) => isA(f) && f.data.is_online === 1 && bSocket.frames.filter(isA).length >= 3);
    expect(bSocket.frames.filter(isA).map((f) => f.data.is_online)).toEqual([1, 0, 1]);
    for (const s of [bSocket, back]) s.close();
  });

  it('keeps sockets that pinged or are only quiet, and the user online', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aId = a.userInfo.user_id;
    const [phone, laptop, tablet] = await Promise.all([
      connect(a.token, 'phone'),
      connect(a.token, 'laptop'),
      connect(a.token, 'tablet'),
    ]);
    await Promise.all([phone, laptop, tablet].map((s) => s.next((f) => f.type === 'init')));
    // All three opened long ago; the laptop has pinged since (answered by the auto-response);
    // the tablet has been quiet for a little less than the limit.
    await age(aId, SILENT_SOCKET_MS + 1000);
    laptop.send(PING_FRAME);
    await laptop.next((f) => f.type === 'pong');
    await runInDurableObject(userHubStub(aId), (hub, state) => {
      for (const ws of state.getWebSockets()) {
        const info = ws.deserializeAttachment() as { deviceId: string };
        if (info.deviceId === 'tablet')
          ws.serializeAttachment({ ...info, heardAt: Date.now() - SILENT_SOCKET_MS + 10_000 });
      }
      reread(hub);
    });
    const phoneClosed = closeCode(phone);
    await call('/enterprise/im/sendMessage', textMessage(aId, 'still there?'), { token: b.token });
    expect(await phoneClosed).toBe(SILENT_CLOSE_CODE);
    for (const s of [laptop, tablet]) {
      await s.next((f) => f.type === 'simple' && f.data.content === 'still there?');
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
    }
    expect((await call('/enterprise/im/getContactInfo', { id: aId }, { token: b.token })).body.data.is_online).toBe(1);
    for (const s of [laptop, tablet]) s.close();
  });

  it('says when an offline contact was last seen (unix seconds), and 0 while online or never seen', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const peer = b.userInfo.user_id;
    const infoOfB = async () =>
      (await call('/enterprise/im/getContactInfo', { id: peer }, { token: a.token })).body.data;
    const rowOfB = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: a.token })).body.data.find((c: any) => c.id === peer);
    // Never connected: unknown.
    expect(await infoOfB()).toMatchObject({ is_online: 0, last_seen: 0 });
    expect(await rowOfB()).toMatchObject({ is_online: 0, last_seen: 0 });
    const aSocket = await connect(a.token);
    const bSocket = await connect(b.token);
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === peer && f.data.is_online === 1);
    expect(await infoOfB()).toMatchObject({ is_online: 1, last_seen: 0 });
    const before = Math.floor(Date.now() / 1000);
    bSocket.close();
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === peer && f.data.is_online === 0);
    const after = Math.floor(Date.now() / 1000);
    for (const card of [await infoOfB(), await rowOfB()]) {
      expect(card.is_online).toBe(0);
      expect(card.last_seen).toBeGreaterThanOrEqual(before);
      expect(card.last_seen).toBeLessThanOrEqual(after);
    }
    aSocket.close();
  });

  it('refuses contact info for oneself and unknown users', async () => {
    const a = await loginUser();
    expect(
      (await call('/enterprise/im/getContactInfo', { id: a.userInfo.user_id }, { token: a.token })).body.code,
    ).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 987654 }, { token: a.token })).body.code).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 'x y' }, { token: a.token })).body.code).toBe(400);
  });
});
