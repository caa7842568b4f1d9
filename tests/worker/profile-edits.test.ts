// Profile and account changes: field limits; who may change their name (run mode 1
// only with sysInfo.diyName '1', mode 2 always); changes reach the people who see me, live, in
// their own words (their remark for me); binding a new account (editAccount) with its refusals in
// order; and where I last logged in from, on my card for my friends while sysInfo.ipregion is '1'.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX } from '@protocol/people';

import app from '../../worker/index';
import {
  call,
  delivered,
  loginUser,
  pairHub,
  registerUser,
  requestCode,
  resetConfig,
  setSysInfo,
  textMessage,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from './helpers';
import { connect } from './socket-helpers';

const updateUserInfo = (token: string, body: unknown, lang = 'en') =>
  call('/enterprise/im/updateUserInfo', body, { token, lang });
const editAccount = (token: string, body: unknown, ip = '10.9.9.9') =>
  call('/enterprise/im/editAccount', body, { token, ip });
const userRow = (uid: number) =>
  env.DB.prepare('SELECT account, realname, motto, email, is_auth FROM users WHERE user_id = ?1')
    .bind(uid)
    .first<Record<string, unknown>>();

afterEach(() => resetConfig());

describe('profile field limits', () => {
  it.each([
    ['a name', 'realname', REALNAME_MAX],
    ['a signature', 'motto', MOTTO_MAX],
  ])(`takes %s of the limit and refuses one character more, changing nothing`, async (_, field, max) => {
    await setSysInfo({ diyName: '1' });
    const me = await loginUser();
    const before = await userRow(me.userInfo.user_id);
    expect((await updateUserInfo(me.token, { [field]: 'x'.repeat(max + 1) })).body.code).toBe(400);
    expect(await userRow(me.userInfo.user_id)).toEqual(before);
    expect((await updateUserInfo(me.token, { [field]: 'x'.repeat(max) })).body.code).toBe(0);
  });

  it(`refuses an email over ${EMAIL_MAX} characters`, async () => {
    const me = await loginUser();
    const long = `${'a'.repeat(EMAIL_MAX - 'x@example.com'.length + 2)}@example.com`;
    expect((await updateUserInfo(me.token, { email: long })).body.code).toBe(400);
    expect((await userRow(me.userInfo.user_id))!.email).toBe('');
  });
});

describe('who may change their name', () => {
  it('nobody in run mode 1 by default (the organisation names people), in every language; the rest of the profile still saves', async () => {
    const me = await loginUser();
    const texts = {
      en: 'Your name is set by the organisation and cannot be changed',
      vi: 'Tên của bạn do tổ chức đặt và không thể thay đổi',
      'zh-CN': '你的姓名由组织设置，无法修改',
    };
    for (const [lang, msg] of Object.entries(texts))
      expect((await updateUserInfo(me.token, { realname: 'Someone Else', motto: 'm' }, lang)).body).toMatchObject({
        code: 400,
        msg,
      });
    expect(await userRow(me.userInfo.user_id)).toMatchObject({ realname: 'Test User', motto: '' });
    // The whole form sent back with the name unchanged is fine.
    expect((await updateUserInfo(me.token, { realname: 'Test User', motto: 'Hello' })).body.code).toBe(0);
    expect(await userRow(me.userInfo.user_id)).toMatchObject({ realname: 'Test User', motto: 'Hello' });
  });

  it('everyone in run mode 1 when diyName is 1, and in run mode 2 whatever diyName says', async () => {
    const me = await loginUser();
    await setSysInfo({ diyName: '1' });
    expect((await updateUserInfo(me.token, { realname: 'Chosen' })).body.data.realname).toBe('Chosen');
    await setSysInfo({ runMode: '2', diyName: '0' });
    expect((await updateUserInfo(me.token, { realname: 'Social' })).body.data.realname).toBe('Social');
  });

  it('takes the identity from the token only: a body user_id changes nobody else', async () => {
    await setSysInfo({ diyName: '1' });
    const me = await loginUser();
    const victim = await registerUser();
    const { body } = await updateUserInfo(me.token, {
      user_id: victim.user.user_id,
      realname: 'Hijacked',
      motto: 'pwned',
    });
    expect(body.data.user_id).toBe(me.userInfo.user_id);
    expect(await userRow(victim.user.user_id)).toMatchObject({ realname: 'Test User', motto: '' });
  });
});

describe('a changed profile, live', () => {
  it('reaches the people who chat with me, each in their own words, and my own devices; nobody else', async () => {
    await setSysInfo({ diyName: '1' });
    const [me, peer, friend, stranger] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const uid = me.userInfo.user_id;
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(peer.userInfo.user_id, 'hi'), { token: me.token })).body
        .code,
    ).toBe(0);
    await delivered(pairHub(me.userInfo.user_id, peer.userInfo.user_id).stub);
    // A friend without a chat, who calls me "Boss".
    const t = Math.floor(Date.now() / 1000);
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO friends (create_user, friend_user_id, status, nickname, is_invite, create_time, update_time) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?5)',
      ).bind(friend.userInfo.user_id, uid, 'Boss', 1, t),
      env.DB.prepare(
        'INSERT INTO friends (create_user, friend_user_id, status, nickname, is_invite, create_time, update_time) VALUES (?1, ?2, 1, ?3, ?4, ?5, ?5)',
      ).bind(uid, friend.userInfo.user_id, '', 0, t),
    ]);
    const sockets = await Promise.all([
      connect(peer.token),
      connect(friend.token),
      connect(me.token, 'my-other-device'),
      connect(stranger.token),
    ]);
    const [peerSocket, friendSocket, mySocket, strangerSocket] = sockets;
    expect((await updateUserInfo(me.token, { realname: 'New Name', motto: 'New motto' })).body.code).toBe(0);
    const update = { id: uid, realname: 'New Name', motto: 'New motto', avatar: '' };
    expect((await peerSocket!.next((f) => f.type === 'updateUser')).data).toEqual({
      ...update,
      displayName: 'New Name',
    });
    expect((await friendSocket!.next((f) => f.type === 'updateUser')).data).toEqual({ ...update, displayName: 'Boss' });
    expect((await mySocket!.next((f) => f.type === 'updateUser')).data).toEqual({ ...update, displayName: 'New Name' });
    await new Promise((r) => setTimeout(r, 300));
    expect(strangerSocket!.frames.some((f) => f.type === 'updateUser')).toBe(false);
    for (const s of sockets) s.close();
  });
});

/** A user whose account is a phone number, verified (is_auth 1) unless told otherwise. */
async function accountOwner(verified = true) {
  const me = await loginUser((await registerUser(uniquePhone())).account);
  if (verified) await env.DB.prepare('UPDATE users SET is_auth = 1 WHERE user_id = ?1').bind(me.userInfo.user_id).run();
  return me;
}

describe('binding a new account (editAccount)', () => {
  it('refuses, in this order: demo mode; no code for the verified current account; a malformed new account; one no code can reach; one registration would refuse; a taken one; no code for the new one', async () => {
    const me = await accountOwner();
    const taken = await registerUser(uniqueEmail());
    const expectRefusal = async (body: unknown, msg: string) =>
      expect((await editAccount(me.token, body)).body).toMatchObject({ code: 400, msg });

    // Demo mode, with everything else wrong too.
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(me.userInfo.user_id).run();
    const ctx = createExecutionContext();
    const demo = await app.fetch(
      new Request('http://parley.test/enterprise/im/editAccount', {
        method: 'POST',
        headers: { authorization: me.token, 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{}',
      }),
      { ...env, DEMO_MODE: 'true' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await demo.json()).toMatchObject({ code: 400, msg: 'Demo mode does not allow this change' });
    await env.DB.prepare('UPDATE users SET is_demo = 0 WHERE user_id = ?1').bind(me.userInfo.user_id).run();

    await expectRefusal({ account: 'bad account!' }, 'Please enter the verification code');
    await expectRefusal(
      { account: 'bad account!', code: '123456' },
      'The account must be 3-32 letters, digits or . _ @ + -',
    );
    await expectRefusal({ code: '123456' }, 'The account must be 3-32 letters, digits or . _ @ + -');
    await expectRefusal(
      { account: 'plainname', code: '123456' },
      'The account must be a mobile number or an email address',
    );
    await setSysInfo({ regauth: '2' });
    await expectRefusal({ account: uniquePhone(), code: '123456' }, 'The account must be an email address');
    await resetConfig();
    await expectRefusal({ account: taken.account.toUpperCase(), code: '123456' }, 'This account is already registered');
    await expectRefusal({ account: me.account, code: '123456' }, 'This account is already registered');
    await expectRefusal(
      { account: uniqueEmail(), code: '123456' },
      'Please enter the verification code sent to the new account',
    );
    expect((await userRow(me.userInfo.user_id))!.account).toBe(me.account);
  });

  it('refuses a wrong code for either account without using up the other, then succeeds with both', async () => {
    const me = await accountOwner();
    const next = uniqueEmail();
    const [oldCode, newCode] = [await requestCode(me.account, 4), await requestCode(next, 4)];
    const wrong = (c: string) => (c === '000000' ? '111111' : '000000');
    const ip = uniqueIp();
    expect((await editAccount(me.token, { account: next, code: wrong(oldCode), newCode }, ip)).body.msg).toBe(
      'The verification code is wrong or has expired',
    );
    expect((await editAccount(me.token, { account: next, code: oldCode, newCode: wrong(newCode) }, ip)).body.msg).toBe(
      'The verification code of the new account is wrong or has expired',
    );
    expect((await userRow(me.userInfo.user_id))!.account).toBe(me.account);

    const { body } = await editAccount(me.token, { account: next, code: oldCode, newCode }, ip);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ user_id: me.userInfo.user_id, account: next, is_auth: 1 });
    expect(await userRow(me.userInfo.user_id)).toMatchObject({ account: next, is_auth: 1 });
    // The token still works and answers the new account at once (no stale cache).
    expect((await call('/enterprise/im/getUserInfo', {}, { token: me.token })).body.data.account).toBe(next);
    // The new account logs in with the same password; the old one is free.
    expect(
      (await call('/common/pub/login', { account: next, password: me.password }, { ip: uniqueIp() })).body.code,
    ).toBe(0);
    expect(
      (await call('/common/pub/login', { account: me.account, password: me.password }, { ip: uniqueIp() })).body.code,
    ).toBe(400);
    // Both codes were used up.
    expect((await editAccount(me.token, { account: uniqueEmail(), code: oldCode, newCode }, ip)).body.code).toBe(400);
  });

  it("asks for the password while the current account is not verified (no code can reach it), then binds with it and the new account's code", async () => {
    const me = await accountOwner(false);
    const next = uniquePhone();
    const newCode = await requestCode(next, 4);
    const ip = uniqueIp();
    // A token alone (a stolen one) must not move the account to an address its holder controls.
    expect((await editAccount(me.token, { account: next, newCode }, ip)).body).toMatchObject({
      code: 400,
      msg: 'Please enter the password',
    });
    expect(
      (await editAccount(me.token, { account: next, newCode, password: 'not-my-password' }, ip)).body,
    ).toMatchObject({ code: 400, msg: 'Wrong account or password' });
    expect((await userRow(me.userInfo.user_id))!.account).toBe(me.account);
    const { body } = await editAccount(me.token, { account: next, newCode, password: me.password }, ip);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ account: next, is_auth: 1 });
  });

  it('counts code guesses as logins count password guesses: the sixth from one address waits', async () => {
    const me = await accountOwner(false);
    const next = uniqueEmail();
    const newCode = await requestCode(next, 4);
    const ip = uniqueIp();
    const bad = newCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await editAccount(me.token, { account: next, newCode: bad, password: me.password }, ip)).body.msg,
      ).toContain('verification code');
    expect((await editAccount(me.token, { account: next, newCode, password: me.password }, ip)).body.msg).toMatch(
      /^Too many failed attempts/,
    );
    expect((await userRow(me.userInfo.user_id))!.account).toBe(me.account);
  });
});

describe('changing the password in demo mode (editPassword)', () => {
  it('refuses a demo account even with the right password, and changes neither the password nor the sessions', async () => {
    const me = await loginUser();
    const uid = me.userInfo.user_id as number;
    const row = () =>
      env.DB.prepare('SELECT password_hash, token_version FROM users WHERE user_id = ?1').bind(uid).first();
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(uid).run();
    const before = await row();
    const change = JSON.stringify({ originalPassword: me.password, password: 'brand-new-1' });
    const headers = {
      authorization: me.token,
      'content-type': 'application/json',
      'accept-language': 'en',
      'cf-connecting-ip': uniqueIp(),
    };
    const ctx = createExecutionContext();
    const demo = await app.fetch(
      new Request('http://parley.test/enterprise/im/editPassword', { method: 'POST', headers, body: change }),
      { ...env, DEMO_MODE: 'true' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await demo.json()).toMatchObject({ code: 400, msg: 'Demo mode does not allow this change', data: null });
    expect(await row()).toEqual(before);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: me.token })).body.code).toBe(0);
    expect(
      (await call('/common/pub/login', { account: me.account, password: me.password }, { ip: uniqueIp() })).body.code,
    ).toBe(0);
    // Outside demo mode the same request changes the password.
    expect(
      (await call('/enterprise/im/editPassword', JSON.parse(change), { token: me.token, ip: uniqueIp() })).body.code,
    ).toBe(0);
    expect(await row()).not.toEqual(before);
  });

  it('tells its owner whether an account is a shared demo one, so the security page offers what the server allows', async () => {
    const registered = await loginUser();
    const shared = await loginUser();
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(shared.userInfo.user_id).run();
    expect((await call('/enterprise/im/getUserInfo', {}, { token: registered.token })).body.data).toMatchObject({
      is_demo: 0,
    });
    expect((await call('/enterprise/im/getUserInfo', {}, { token: shared.token })).body.data).toMatchObject({
      is_demo: 1,
    });
    // Someone else's card says nothing about it.
    expect(
      (await call('/enterprise/im/getUserInfo', { user_id: shared.userInfo.user_id }, { token: registered.token })).body
        .data,
    ).not.toHaveProperty('is_demo');
  });
});

describe('where a user last logged in from', () => {
  async function loginFrom(account: string, password: string, cf?: Record<string, string>) {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': uniqueIp() },
      body: JSON.stringify({ account, password }),
      ...(cf ? { cf } : {}),
    };
    const res = await exports.default.fetch(new Request('http://parley.test/common/pub/login', init as RequestInit));
    return ((await res.json()) as { data: { authToken: string } }).data.authToken;
  }

  async function befriend(a: { token: string }, b: { token: string }, bId: number) {
    const sent = await call('/enterprise/friend/add', { user_id: bId, remark: 'hi' }, { token: a.token });
    expect(
      (await call('/enterprise/friend/update', { friend_id: sent.body.data.friend_id, status: 1 }, { token: b.token }))
        .body.code,
    ).toBe(0);
  }

  it("shows region and country (not the city) on a friend's card while ipregion is 1, and nothing otherwise", async () => {
    const { account, password, user } = await registerUser();
    const token = await loginFrom(account, password, { country: 'VN', region: 'Hanoi', city: 'Ba Dinh' });
    const viewer = await loginUser();
    await befriend(viewer, { token }, user.user_id);
    const card = async () =>
      (await call('/enterprise/im/getUserInfo', { user_id: user.user_id }, { token: viewer.token })).body.data;
    expect(await card()).toMatchObject({ location: 'Hanoi, VN', relation: 'friend', displayName: 'Test User' });
    await setSysInfo({ ipregion: '0' });
    expect((await card()).location).toBe('');
  });

  it('never tells a stranger where someone logged in from: not on their card, a search by account, or a scanned QR code', async () => {
    const { account, password, user } = await registerUser(uniqueEmail());
    const token = await loginFrom(account, password, { country: 'US', region: 'Texas', city: 'Austin' });
    const stranger = await loginUser();
    const card = (await call('/enterprise/im/getUserInfo', { user_id: user.user_id }, { token: stranger.token })).body
      .data;
    expect(card).toMatchObject({ relation: 'none', location: '' });
    const found = (await call('/enterprise/im/searchUser', { keywords: account }, { token: stranger.token })).body.data;
    expect(found).toMatchObject([{ user_id: user.user_id, location: '' }]);
    const qr = (await call('/enterprise/im/getQrCode', {}, { token })).body.data.token as string;
    const scanned = (await call(`/scan/u/${qr}`, {}, { token: stranger.token })).body.data;
    expect(scanned).toMatchObject({ user_id: user.user_id, location: '' });
    expect(JSON.stringify([card, found, scanned])).not.toMatch(/Texas|Austin/);
  });

  it('stays empty when Cloudflare says nothing (a local run) and the next login replaces it', async () => {
    const { account, password, user } = await registerUser();
    await loginFrom(account, password, { country: 'DE', region: 'Berlin' });
    await loginFrom(account, password);
    const viewer = await loginUser();
    expect(
      (await call('/enterprise/im/getUserInfo', { user_id: user.user_id }, { token: viewer.token })).body.data.location,
    ).toBe('');
  });
});
