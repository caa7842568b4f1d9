// POST /common/pub/sendCode: six-digit codes for phone numbers and emails, delivered to the
// dev mailbox in tests, at most one per account and purpose every 60 seconds.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { call, fetchWorker, latestCode, resetConfig, setSysInfo, uniqueEmail, uniqueIp, uniquePhone } from './helpers';

const sendCode = (body: unknown) => call('/common/pub/sendCode', body, { ip: uniqueIp() });

describe('sending a verification code', () => {
  it('delivers a six-digit code for a phone number to the dev mailbox', async () => {
    const account = uniquePhone();
    const { body } = await sendCode({ account, type: 1 });
    expect(body.code).toBe(0);
    expect(body.msg).toBe('Sent successfully');
    expect(await latestCode(account)).toMatch(/^\d{6}$/);
  });

  it('delivers a code for an email address, with the type sent as a string', async () => {
    const account = uniqueEmail();
    expect((await sendCode({ account, type: '2' })).body.code).toBe(0);
    expect(await latestCode(account)).toMatch(/^\d{6}$/);
  });

  it('stores only a hash of the code, never the code itself', async () => {
    const account = uniquePhone();
    await sendCode({ account, type: 3 });
    const code = await latestCode(account);
    const row = await env.DB.prepare('SELECT code_hash FROM verification_codes WHERE account = ?1')
      .bind(account)
      .first<{ code_hash: string }>();
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
  });

  it('refuses a second code for the same account and purpose within 60 seconds', async () => {
    const account = uniquePhone();
    expect((await sendCode({ account, type: 1 })).body.code).toBe(0);
    const again = await sendCode({ account, type: 1 });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
  });

  it('allows codes for different purposes of the same account at once', async () => {
    const account = uniquePhone();
    expect((await sendCode({ account, type: 1 })).body.code).toBe(0);
    expect((await sendCode({ account, type: 3 })).body.code).toBe(0);
  });
});

describe('using a verification code', () => {
  const registerWith = (account: string, code: string) =>
    call('/common/pub/register', { account, realname: 'Coded', password: 'secret12', code }, { ip: uniqueIp() });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('refuses even the right code after five wrong guesses', async () => {
    await setSysInfo({ regauth: '3' });
    try {
      const account = uniquePhone();
      await sendCode({ account, type: 2 });
      const code = await latestCode(account);
      for (let i = 0; i < 5; i++) expect((await registerWith(account, wrongFor(code))).body.code).toBe(400);
      expect((await registerWith(account, code)).body.msg).toBe('The verification code is wrong or has expired');
    } finally {
      await resetConfig();
    }
  });

  it('refuses a code after it has expired', async () => {
    await setSysInfo({ regauth: '3' });
    try {
      const account = uniquePhone();
      await sendCode({ account, type: 2 });
      const code = await latestCode(account);
      await env.DB.prepare('UPDATE verification_codes SET expires_at = ?2 WHERE account = ?1')
        .bind(account, Math.floor(Date.now() / 1000) - 1)
        .run();
      expect((await registerWith(account, code)).body.code).toBe(400);
    } finally {
      await resetConfig();
    }
  });
});

describe('refusing a code request', () => {
  it.each([
    ['a plain user name', 'plainname'],
    ['a short number', '12345'],
    ['a broken email', 'a@b'],
  ])('refuses %s as the account', async (_, account) => {
    const { body } = await sendCode({ account, type: 1 });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('The account must be a mobile number or an email address');
  });

  it.each([0, 5, -1, 1.5, 'x', null])('refuses type %s', async (type) => {
    const { status, body } = await sendCode({ account: uniquePhone(), type });
    expect(status).toBe(200);
    expect(body.code).toBe(400);
  });

  it('refuses a request without an account or without a type', async () => {
    expect((await sendCode({ type: 1 })).body.code).toBe(400);
    expect((await sendCode({ account: uniquePhone() })).body.code).toBe(400);
  });
});

describe('the dev mailbox', () => {
  it('lists the codes sent to one account only', async () => {
    const mine = uniquePhone();
    await sendCode({ account: mine, type: 1 });
    await sendCode({ account: uniquePhone(), type: 1 });
    const res = await fetchWorker(`/dev/mailbox?account=${mine}`);
    const { code, data } = (await res.json()) as { code: number; data: { account: string }[] };
    expect(code).toBe(0);
    expect(data.map((m) => m.account)).toEqual([mine]);
  });
});
