// POST /common/pub/register: who may register, what is refused, and what comes back.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import vi from '../../worker/locales/vi.json';
import {
  call,
  registerUser,
  requestCode,
  resetConfig,
  setSysInfo,
  uniqueAccount,
  uniqueEmail,
  uniqueIp,
} from './helpers';

const register = (body: unknown, lang = 'en') => call('/common/pub/register', body, { lang, ip: uniqueIp() });
const valid = () => ({ account: uniqueAccount('reg'), realname: 'New Person', password: 'secret12' });

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] =>
  typeof value !== 'object' || value === null ? [] : Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);

afterEach(resetConfig);

describe('registering with the default settings', () => {
  it('creates the account and answers its userInfo without any password material', async () => {
    const body = valid();
    const { status, body: reply } = await register(body);
    expect(status).toBe(200);
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({ account: body.account, realname: body.realname, is_auth: 0, status: 1 });
    expect(reply.data.user_id).toBeGreaterThan(0);
    expect(keysOf(reply.data).filter((k) => /password|hash|salt/i.test(k))).toEqual([]);
  });

  it('refuses an account that is already registered', async () => {
    const { account } = await registerUser();
    const { body } = await register({ ...valid(), account });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('This account is already registered');
  });

  it('refuses an account that differs from a registered one only in letter case', async () => {
    const { account } = await registerUser(uniqueAccount('casey'));
    const { body } = await register({ ...valid(), account: account.toUpperCase() });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('This account is already registered');
  });
});

describe('registering with bad input', () => {
  const cases: [string, (b: ReturnType<typeof valid>) => unknown][] = [
    ['no fields at all', () => ({})],
    ['no account', ({ account: _, ...rest }) => rest],
    ['no nickname', ({ realname: _, ...rest }) => rest],
    ['no password', ({ password: _, ...rest }) => rest],
    ['a number as the account', (b) => ({ ...b, account: 12345678 })],
    ['an array as the password', (b) => ({ ...b, password: ['secret12'] })],
    ['an object as the nickname', (b) => ({ ...b, realname: { x: 1 } })],
    ['a nickname over 140 characters', (b) => ({ ...b, realname: 'n'.repeat(141) })],
    ['an account over 32 characters', (b) => ({ ...b, account: 'a'.repeat(33) })],
    ['an account under 3 characters', (b) => ({ ...b, account: 'ab' })],
    ['an account with spaces or symbols', (b) => ({ ...b, account: 'bad name!' })],
    ['a blank nickname', (b) => ({ ...b, realname: '   ' })],
    ['a code that is not six digits', (b) => ({ ...b, code: '12ab' })],
    ['an email field that is not an email address', (b) => ({ ...b, email: 'not-an-email' })],
  ];
  it.each(cases)('refuses %s with code 400 and a message', async (_, make) => {
    const { status, body } = await register(make(valid()));
    expect(status).toBe(200);
    expect(body.code).toBe(400);
    expect(body.msg).not.toBe('');
    expect(body.data).toBeNull();
  });

  it.each([
    ['five characters', 'abcde'],
    ['seventeen characters', 'a'.repeat(17)],
  ])('refuses a password of %s with the password rule', async (_, password) => {
    const { body } = await register({ ...valid(), password });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Please enter a password of 6-16 characters');
  });

  it('translates the refusal into the language of Accept-Language', async () => {
    const { body } = await register({ ...valid(), password: '123' }, 'vi-VN,vi;q=0.9');
    expect(body.code).toBe(400);
    expect(body.msg).toBe(vi['user.passwordRule']);
  });
});

describe('registering by invitation (regtype 2)', () => {
  it('refuses a registration without an invitation code', async () => {
    await setSysInfo({ regtype: '2' });
    const { body } = await register(valid());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The invitation code is invalid or has expired');
  });

  it('refuses an unknown or expired invitation code', async () => {
    await setSysInfo({ regtype: '2' });
    await env.DB.prepare('INSERT INTO invite_codes (code, expires_at) VALUES (?1, ?2)')
      .bind('OLD-INVITE', Math.floor(Date.now() / 1000) - 10)
      .run();
    expect((await register({ ...valid(), inviteCode: 'NO-SUCH-CODE' })).body.code).toBe(400);
    expect((await register({ ...valid(), inviteCode: 'OLD-INVITE' })).body.code).toBe(400);
  });

  it('accepts a valid invitation code', async () => {
    await setSysInfo({ regtype: '2' });
    await env.DB.prepare('INSERT INTO invite_codes (code, expires_at) VALUES (?1, ?2)')
      .bind('WELCOME-1', Math.floor(Date.now() / 1000) + 3600)
      .run();
    const { body } = await register({ ...valid(), inviteCode: 'WELCOME-1' });
    expect(body.code).toBe(0);
  });

  it('refuses every registration when registration is closed (regtype 0)', async () => {
    await setSysInfo({ regtype: '0' });
    const { body } = await register(valid());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Registration is closed');
  });
});

describe('registering while the site is closed (state 0)', () => {
  it('is refused with the closed-site answer, open registration or not', async () => {
    await setSysInfo({ state: '0', regtype: '1' });
    const { body } = await register(valid());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Parley is closed for now. Please come back later.');
  });

  it("carries the operator's closing text", async () => {
    await setSysInfo({ state: '0', regtype: '1', closeTips: 'Back on Monday' });
    const { body } = await register(valid(), 'vi');
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Parley đang tạm đóng: Back on Monday');
  });
});

describe('registration limits', () => {
  it('refuses a second registration from one IP within the registration interval', async () => {
    await setSysInfo({ registerInterval: '60' });
    const ip = uniqueIp();
    expect((await call('/common/pub/register', valid(), { ip })).body.code).toBe(0);
    const second = await call('/common/pub/register', valid(), { ip });
    expect(second.status).toBe(429);
    expect(second.body.msg).toMatch(/^Too many requests, please try again in (60|59) s$/);
    expect((await register(valid())).body.code).toBe(0);
  });

  it('refuses an account that is not a phone number when regauth is 1', async () => {
    await setSysInfo({ regauth: '1' });
    const { body } = await register(valid());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The account must be a mobile number');
  });
});

describe('registering with a verified email (regauth 2)', () => {
  it('refuses an account that is not an email address', async () => {
    await setSysInfo({ regauth: '2' });
    const { body } = await register(valid());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The account must be an email address');
  });

  it('requires a verification code', async () => {
    await setSysInfo({ regauth: '2' });
    const { body } = await register({ ...valid(), account: uniqueEmail() });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Please enter the verification code');
  });

  it('refuses a wrong verification code', async () => {
    await setSysInfo({ regauth: '2' });
    const account = uniqueEmail();
    const code = await requestCode(account, 2);
    const wrong = code === '000000' ? '111111' : '000000';
    const { body } = await register({ ...valid(), account, code: wrong });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The verification code is wrong or has expired');
  });

  it('registers a verified account with the code from the dev mailbox', async () => {
    await setSysInfo({ regauth: '2' });
    const account = uniqueEmail();
    const code = await requestCode(account, 2);
    const { body } = await register({ ...valid(), account, code });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ account, email: account, is_auth: 1 });
  });
});
