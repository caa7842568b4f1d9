// /enterprise/im/getUserInfo, updateUserInfo and editPassword: a user reads and edits only
// their own profile, identified by the token alone.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  call,
  loginUser,
  registerUser,
  requestCode,
  resetConfig,
  setSysInfo,
  uniqueAccount,
  uniqueIp,
  uniquePhone,
} from './helpers';

const getUserInfo = (token: string, body: unknown = {}) => call('/enterprise/im/getUserInfo', body, { token });
const updateUserInfo = (token: string, body: unknown) => call('/enterprise/im/updateUserInfo', body, { token });
const editPassword = (token: string, body: unknown) => call('/enterprise/im/editPassword', body, { token });

describe('reading a profile', () => {
  it('answers the own full profile, account included, without password material', async () => {
    const { token, account, userInfo } = await loginUser();
    const { body } = await getUserInfo(token);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      user_id: userInfo.user_id,
      account,
      realname: 'Test User',
      email: '',
      role: 0,
      status: 1,
    });
    expect(JSON.stringify(body.data)).not.toMatch(/password|hash|salt/i);
  });

  it("answers another user's card with the account masked and no private fields", async () => {
    const { token } = await loginUser();
    const other = await registerUser(uniqueAccount('visible'));
    const { body } = await getUserInfo(token, { user_id: other.user.user_id });
    expect(body.code).toBe(0);
    expect(body.data.account).toBe(`${other.account.slice(0, 3)}******${other.account.slice(-2)}`);
    expect(body.data).not.toHaveProperty('email');
    expect(body.data).not.toHaveProperty('role');
    expect(body.data).not.toHaveProperty('last_login_time');
  });

  it('accepts the user id as a numeric string (form clients)', async () => {
    const { token } = await loginUser();
    const other = await registerUser();
    expect((await getUserInfo(token, { user_id: String(other.user.user_id) })).body.data.user_id).toBe(
      other.user.user_id,
    );
  });

  it('refuses an unknown or disabled user', async () => {
    const { token } = await loginUser();
    const other = await registerUser();
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(other.user.user_id).run();
    expect((await getUserInfo(token, { user_id: 987654321 })).body.code).toBe(400);
    expect((await getUserInfo(token, { user_id: other.user.user_id })).body.code).toBe(400);
  });

  it.each([
    ['a word', 'me'],
    ['a fraction', 1.5],
    ['an array', [1]],
  ])('refuses %s as the user id', async (_, user_id) => {
    const { token } = await loginUser();
    const { status, body } = await getUserInfo(token, { user_id });
    expect(status).toBe(200);
    expect(body.code).toBe(400);
  });
});

describe('editing the profile', () => {
  // Names are editable here; the run-mode rule for them is in profile-edits.test.ts.
  beforeAll(() => setSysInfo({ diyName: '1' }));
  afterAll(() => resetConfig());

  it('saves nickname, email, motto and sex and answers the new profile', async () => {
    const { token } = await loginUser();
    const changes = { realname: 'Renamed', email: 'me@example.com', motto: 'Hello there', sex: 1 };
    const { body } = await updateUserInfo(token, changes);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject(changes);
    expect((await getUserInfo(token)).body.data).toMatchObject(changes);
  });

  it('accepts sex as a numeric string and an empty email', async () => {
    const { token } = await loginUser();
    const { body } = await updateUserInfo(token, { sex: '0', email: '' });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ sex: 0, email: '' });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }],
    ['sex 5', { sex: 5 }],
    ['a motto over 140 characters', { motto: 'm'.repeat(141) }],
    ['a blank nickname', { realname: '  ' }],
    ['a number as the nickname', { realname: 42 }],
  ])('refuses %s with code 400 and changes nothing', async (_, changes) => {
    const { token } = await loginUser();
    const { status, body } = await updateUserInfo(token, changes);
    expect(status).toBe(200);
    expect(body.code).toBe(400);
    expect((await getUserInfo(token)).body.data).toMatchObject({ realname: 'Test User', email: '', motto: '', sex: 2 });
  });

  it('takes the identity from the token only: a user_id in the body changes nobody else', async () => {
    const me = await loginUser();
    const victim = await registerUser();
    const { body } = await updateUserInfo(me.token, { user_id: victim.user.user_id, realname: 'Hijacked' });
    expect(body.data.user_id).toBe(me.userInfo.user_id);
    const row = await env.DB.prepare('SELECT realname FROM users WHERE user_id = ?1')
      .bind(victim.user.user_id)
      .first<{ realname: string }>();
    expect(row?.realname).toBe('Test User');
  });

  it('ignores fields that are not part of the profile, such as role', async () => {
    const { token, userInfo } = await loginUser();
    await updateUserInfo(token, { role: 1, status: 0, realname: 'Still User' });
    const row = await env.DB.prepare('SELECT role, status FROM users WHERE user_id = ?1')
      .bind(userInfo.user_id)
      .first();
    expect(row).toEqual({ role: 0, status: 1 });
  });
});

describe('changing the password', () => {
  it('refuses a wrong original password', async () => {
    const { token } = await loginUser();
    const { body } = await editPassword(token, { originalPassword: 'not-mine', password: 'newpass12' });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Wrong account or password');
  });

  it('refuses a missing original password and a new password outside 6-16 characters', async () => {
    const { token, password } = await loginUser();
    expect((await editPassword(token, { password: 'newpass12' })).body.code).toBe(400);
    const short = await editPassword(token, { originalPassword: password, password: '123' });
    expect(short.body.msg).toBe('Please enter a password of 6-16 characters');
  });

  it('answers a fresh token, retires the old one, and swaps which password logs in', async () => {
    const { token, account, password } = await loginUser();
    const { body } = await editPassword(token, { originalPassword: password, password: 'newpass12' });
    expect(body.code).toBe(0);
    expect(body.data.authToken).toMatch(/^bearer /);
    expect(body.data.tokenExpired).toBeGreaterThan(Date.now());
    expect((await getUserInfo(token)).status).toBe(401);
    expect((await getUserInfo(body.data.authToken)).body.code).toBe(0);
    expect((await call('/common/pub/login', { account, password: 'newpass12' }, { ip: uniqueIp() })).body.code).toBe(0);
    expect((await call('/common/pub/login', { account, password }, { ip: uniqueIp() })).body.code).toBe(400);
  });

  it('accepts a password-reset code (type 3) instead of the original password, but not a wrong one', async () => {
    const { account } = await registerUser(uniquePhone());
    const { token } = await loginUser(account);
    const code = await requestCode(account, 3);
    const wrong = await editPassword(token, { code: code === '000000' ? '111111' : '000000', password: 'newpass12' });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.msg).toBe('The verification code is wrong or has expired');
    expect((await editPassword(token, { code, password: 'newpass12' })).body.code).toBe(0);
    expect((await call('/common/pub/login', { account, password: 'newpass12' }, { ip: uniqueIp() })).body.code).toBe(0);
  });
});
