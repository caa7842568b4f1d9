// POST /common/pub/login: password and code login, refusals that never reveal whether an
// account exists, and the delay after too many failures (per account and client IP pair).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { call, latestCode, registerUser, requestCode, uniqueAccount, uniqueIp, uniquePhone } from './helpers';

const login = (body: unknown, ip = uniqueIp()) => call('/common/pub/login', body, { ip });
const LOCKED = 'Too many failed attempts, please try again in 1 min';
const THIRTY_DAYS_MS = 30 * 86400 * 1000;

describe('logging in with a password', () => {
  it('answers a bearer token, its expiry about 30 days ahead in ms, and the userInfo', async () => {
    const { account, password } = await registerUser();
    const before = Date.now();
    const { status, body } = await login({ account, password });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.authToken).toMatch(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.data.tokenExpired).toBeGreaterThanOrEqual(before + THIRTY_DAYS_MS - 5000);
    expect(body.data.tokenExpired).toBeLessThanOrEqual(Date.now() + THIRTY_DAYS_MS + 5000);
    expect(body.data.userInfo).toMatchObject({ account, realname: 'Test User' });
    expect(JSON.stringify(body.data.userInfo)).not.toMatch(/password|hash|salt/i);
  });

  it('accepts the account in any letter case', async () => {
    const { account, password } = await registerUser(uniqueAccount('mixed'));
    expect((await login({ account: account.toUpperCase(), password })).body.code).toBe(0);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const { account } = await registerUser();
    const wrong = await login({ account, password: 'not-the-one' });
    const unknown = await login({ account: uniqueAccount('ghost'), password: 'whatever1' });
    expect(wrong.body.code).toBe(400);
    expect(unknown.body.code).toBe(400);
    expect(wrong.body.msg).toBe('Wrong account or password');
    expect(unknown.body.msg).toBe(wrong.body.msg);
  });

  it('takes as long to refuse an unknown account as a wrong password, so timing does not reveal accounts', async () => {
    const { account } = await registerUser();
    const timed = async (body: unknown) => {
      const start = performance.now();
      await login(body);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const wrong = median([
      await timed({ account, password: 'nope-1' }),
      await timed({ account, password: 'nope-2' }),
      await timed({ account, password: 'nope-3' }),
    ]);
    const unknown = median([
      await timed({ account: uniqueAccount('ghost'), password: 'nope-1' }),
      await timed({ account: uniqueAccount('ghost'), password: 'nope-2' }),
      await timed({ account: uniqueAccount('ghost'), password: 'nope-3' }),
    ]);
    expect(unknown).toBeGreaterThan(wrong / 3);
  });
});

describe('logging in to a disabled account', () => {
  it('refuses the right password with the disabled message', async () => {
    const { account, password, user } = await registerUser();
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(user.user_id).run();
    const { body } = await login({ account, password });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('This account has been disabled');
  });
});

describe('logging in with bad input', () => {
  it.each([
    ['an empty body', {}],
    ['no password', { account: 'someone' }],
    ['no account', { password: 'secret12' }],
    ['a number as the account', { account: 12345678, password: 'secret12' }],
    ['an array as the password', { account: 'someone', password: ['secret12'] }],
    ['an oversize account', { account: 'a'.repeat(65), password: 'secret12' }],
  ])('refuses %s with code 400', async (_, body) => {
    const { status, body: reply } = await login(body);
    expect(status).toBe(200);
    expect(reply.code).toBe(400);
    expect(reply.msg).not.toBe('');
  });

  it.each([
    ['an array', '[1,2]'],
    ['a string', '"account"'],
    ['null', 'null'],
    ['a number', '42'],
    ['invalid JSON', '{"account":'],
  ])('refuses a JSON body that is %s with the parameter error', async (_, raw) => {
    const { status, body } = await call('/common/pub/login', undefined, { raw, ip: uniqueIp() });
    expect(status).toBe(200);
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Invalid parameters');
  });

  it('accepts a form-encoded body', async () => {
    const { account, password } = await registerUser();
    const raw = new URLSearchParams({ account, password }).toString();
    const { body } = await call('/common/pub/login', undefined, {
      raw,
      contentType: 'application/x-www-form-urlencoded',
      ip: uniqueIp(),
    });
    expect(body.code).toBe(0);
    expect(body.data.authToken).toMatch(/^bearer /);
  });

  it('accepts a JSON body sent without a content type', async () => {
    const { account, password } = await registerUser();
    const { body } = await call('/common/pub/login', undefined, {
      raw: JSON.stringify({ account, password }),
      contentType: '',
      ip: uniqueIp(),
    });
    expect(body.code).toBe(0);
  });
});

describe('the login lock (login-guard.test.ts has the races and ceilings)', () => {
  it('refuses even the right password from an address after its five free failures, naming the wait', async () => {
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await login({ account, password: `wrong-${i}` }, ip)).body.code).toBe(400);
    const { body } = await login({ account, password }, ip);
    expect(body.code).toBe(400);
    expect(body.msg).toBe(LOCKED);
  });

  it('still lets the right password in as the fifth guess', async () => {
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) await login({ account, password: `wrong-${i}` }, ip);
    expect((await login({ account, password }, ip)).body.code).toBe(0);
  });

  it('locks the account name in any letter case', async () => {
    const { account, password } = await registerUser(uniqueAccount('lockcase'));
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++)
      await login({ account: i % 2 ? account.toUpperCase() : account, password: `wrong-${i}` }, ip);
    expect((await login({ account, password }, ip)).body.msg).toBe(LOCKED);
  });

  it('holds off only the address that failed: the same account from elsewhere, and other accounts from there, still get in', async () => {
    const ip = uniqueIp();
    const { account, password } = await registerUser();
    for (let i = 0; i < 6; i++) await login({ account, password: `wrong-${i}` }, ip);
    expect((await login({ account, password })).body.code).toBe(0);
    const other = await registerUser();
    expect((await login({ account: other.account, password: other.password }, ip)).body.code).toBe(0);
  });
});

describe('logging in with a verification code', () => {
  it('logs in once with the code from the dev mailbox, then refuses the used code', async () => {
    const { account } = await registerUser(uniquePhone());
    const code = await requestCode(account, 1);
    const first = await login({ account, code });
    expect(first.body.code).toBe(0);
    expect(first.body.data.authToken).toMatch(/^bearer /);
    const again = await login({ account, code });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toBe('The verification code is wrong or has expired');
  });

  it('refuses a wrong code', async () => {
    const { account } = await registerUser(uniquePhone());
    const code = await requestCode(account, 1);
    const { body } = await login({ account, code: code === '123456' ? '654321' : '123456' });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The verification code is wrong or has expired');
  });

  it('refuses a code issued for another purpose (registration)', async () => {
    const { account } = await registerUser(uniquePhone());
    const code = await requestCode(account, 2);
    expect((await login({ account, code })).body.code).toBe(400);
  });

  it('sends no code for an account that does not exist (the same answer), and refuses any code for it', async () => {
    const account = uniquePhone();
    const asked = await call('/common/pub/sendCode', { account, type: 1 }, { ip: uniqueIp() });
    expect(asked.body).toMatchObject({ code: 0, msg: 'Sent successfully' });
    await expect(latestCode(account)).rejects.toThrow(/no code/);
    expect((await login({ account, code: '123456' })).body.code).toBe(400);
  });
});
