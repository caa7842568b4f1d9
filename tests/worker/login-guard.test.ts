// Guessing passwords cannot be raced or turned against the owner: a guess is counted before it is
// checked, so twenty at once get only the free five checked; the delay grows per account + IP
// pair, so a stranger's failures never shut the owner out; past the account's ceiling only pairs
// that logged in before are heard; password change counts the same way; passwords and codes are
// read from the body only; and in production a request without a client address is refused, not
// pooled with everyone else's.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { clientIp } from '../../worker/services/client-ip';
import { ACCOUNT_CEILING, FREE_GUESSES, guessKeys, IP_CEILING, pairDelay } from '../../worker/services/login-rules';
import { call, fetchWorker, loginUser, registerUser, uniqueIp } from './helpers';

const login = (body: unknown, ip = uniqueIp()) => call('/common/pub/login', body, { ip });
const WRONG = 'Wrong account or password';
/** A refusal before the password is checked (the wait it names is checked where it matters). */
const LIMIT = /^Too many failed attempts, please try again in /;
/** How many replies show the password was checked (a refused guess is never checked). */
const checked = (replies: { body: { msg: string } }[]) => replies.filter((r) => r.body.msg === WRONG).length;

describe('guesses sent at once', () => {
  it('checks at most the free guesses of twenty wrong passwords sent together from one address', async () => {
    const { account } = await registerUser();
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ account, password: `wrong-${i}` }, ip)),
    );
    expect(checked(replies)).toBe(FREE_GUESSES);
    expect(replies.filter((r) => LIMIT.test(r.body.msg))).toHaveLength(20 - FREE_GUESSES);
  });

  it('checks at most the free guesses of twenty wrong original passwords sent together to editPassword', async () => {
    const me = await loginUser();
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          '/enterprise/im/editPassword',
          { originalPassword: `wrong-${i}`, password: 'brand-new-1' },
          { token: me.token, ip },
        ),
      ),
    );
    expect(checked(replies)).toBe(FREE_GUESSES);
    const right = await call(
      '/enterprise/im/editPassword',
      { originalPassword: me.password, password: 'brand-new-1' },
      { token: me.token, ip },
    );
    expect(right.body.msg).toMatch(LIMIT);
  });
});

describe('the delay per account and address', () => {
  it('lets the owner in from another address while a stranger is held off', async () => {
    const { account, password } = await registerUser();
    const attacker = uniqueIp();
    for (let i = 0; i < 8; i++) await login({ account, password: `wrong-${i}` }, attacker);
    expect((await login({ account, password }, attacker)).body.msg).toMatch(LIMIT);
    expect((await login({ account, password })).body.code).toBe(0);
  });

  it('doubles the wait after each guess past the free ones, up to 15 minutes', async () => {
    expect([0, 4, 5, 6, 7, 9, 20].map(pairDelay)).toEqual([0, 0, 30, 60, 120, 480, 900]);
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < FREE_GUESSES; i++)
      expect((await login({ account, password: `wrong-${i}` }, ip)).body.msg).toBe(WRONG);
    expect((await login({ account, password }, ip)).body.msg).toBe(
      'Too many failed attempts, please try again in 1 min',
    );
    // Half a minute later, one more guess is checked; then the wait is a minute.
    await env.DB.prepare('UPDATE login_guesses SET last_at = last_at - 31 WHERE key = ?1')
      .bind(guessKeys(account, ip).pair)
      .run();
    expect((await login({ account, password: 'wrong-again' }, ip)).body.msg).toBe(WRONG);
    expect((await login({ account, password }, ip)).body.msg).toMatch(LIMIT);
  });

  it('counts the account name in any letter case as one', async () => {
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < FREE_GUESSES; i++)
      await login({ account: i % 2 ? account.toUpperCase() : account, password: `wrong-${i}` }, ip);
    expect((await login({ account, password }, ip)).body.msg).toMatch(LIMIT);
  });

  it('starts afresh after a success', async () => {
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    for (let i = 0; i < FREE_GUESSES - 1; i++) await login({ account, password: `wrong-${i}` }, ip);
    expect((await login({ account, password }, ip)).body.code).toBe(0);
    for (let i = 0; i < FREE_GUESSES - 1; i++)
      expect((await login({ account, password: `wrong-${i}` }, ip)).body.msg).toBe(WRONG);
  });
});

describe('the ceiling per account', () => {
  it('hears no stranger past the ceiling, but still the owner from an address that logged in before', async () => {
    const { account, password } = await registerUser();
    const home = uniqueIp();
    expect((await login({ account, password }, home)).body.code).toBe(0);
    const spread = await Promise.all(
      Array.from({ length: ACCOUNT_CEILING }, (_, i) => login({ account, password: `wrong-${i}` })),
    );
    expect(checked(spread)).toBe(ACCOUNT_CEILING);
    expect((await login({ account, password: 'one-more' })).body.msg).toMatch(LIMIT);
    expect((await login({ account, password })).body.msg).toMatch(LIMIT);
    expect((await login({ account, password }, home)).body.code).toBe(0);
  });
});

describe('the ceiling per address', () => {
  it('hears no more guesses from an address that spent its ceiling on many accounts, except from a pair that logged in before', async () => {
    const { account, password } = await registerUser();
    const ip = uniqueIp();
    expect((await login({ account, password }, ip)).body.code).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    // As if the address had just sprayed IP_CEILING other accounts.
    await env.DB.prepare(
      'INSERT OR REPLACE INTO login_guesses (key, guesses, last_at, expires_at) VALUES (?1, ?2, ?3, ?3 + 3600)',
    )
      .bind(guessKeys('', ip).ip, IP_CEILING, now)
      .run();
    const other = await registerUser();
    expect((await login({ account: other.account, password: other.password }, ip)).body.msg).toMatch(LIMIT);
    expect((await login({ account: other.account, password: other.password })).body.code).toBe(0);
    expect((await login({ account, password }, ip)).body.code).toBe(0);
  });
});

describe('where credentials are read from', () => {
  it('never reads the password from the query string', async () => {
    const { account, password } = await registerUser();
    const query = new URLSearchParams({ account, password }).toString();
    const { body } = await call(`/common/pub/login?${query}`, {}, { ip: uniqueIp() });
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
  });

  it('never reads the original password from the query string', async () => {
    const me = await loginUser();
    const query = new URLSearchParams({ originalPassword: me.password, password: 'brand-new-1' }).toString();
    expect(
      (await call(`/enterprise/im/editPassword?${query}`, {}, { token: me.token, ip: uniqueIp() })).body.code,
    ).toBe(400);
  });
});

describe('a request without a client address', () => {
  /** The Worker as production runs it (no development tools), for one request. */
  async function inProduction(path: string, body: unknown) {
    const ctx = createExecutionContext();
    const request = new Request(`http://parley.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(body),
    });
    const res = await app.fetch(request, { ...env, DEV_MAILBOX: 'false' }, ctx);
    await waitOnExecutionContext(ctx);
    return (await res.json()) as { code: number; msg: string };
  }

  it('is refused at login in production rather than counted under one shared address', async () => {
    const { account, password } = await registerUser();
    const reply = await inProduction('/common/pub/login', { account, password });
    expect(reply.code).toBe(400);
    expect(reply.msg).toBe('You do not have permission to do this');
  });

  it('falls back to 127.0.0.1 in development only', async () => {
    expect(clientIp(undefined, { DEV_MAILBOX: 'true' })).toBe('127.0.0.1');
    expect(clientIp(undefined, { DEV_MAILBOX: 'false' })).toBe('');
    expect(clientIp(' 203.0.113.9 ', { DEV_MAILBOX: 'false' })).toBe('203.0.113.9');
    const { account, password } = await registerUser();
    const res = await fetchWorker('/common/pub/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  });
});
