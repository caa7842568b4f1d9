import { describe, expect, it } from 'vitest';
import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

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

  it('refuses contact info for oneself and unknown users', async () => {
    const a = await loginUser();
    expect((await call('/enterprise/im/getContactInfo', { id: a.userInfo.user_id }, { token: a.token })).body.code).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 987654 }, { token: a.token })).body.code).toBe(400);
    expect((await call('/enterprise/im/getContactInfo', { id: 'x y' }, { token: a.token })).body.code).toBe(400);
  });
});
