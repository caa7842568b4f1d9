// POST /common/pub/sendCode: six-digit codes for phone numbers and emails, delivered to the
// dev mailbox in tests, at most one per address and purpose every 60 seconds (atomic, on the
// normalised address), ten a day per address, CODE_HOURLY_MAX an hour over all; login and reset
// codes only to existing accounts, with the same answer either way. Per-IP limits: rate-limits.test.ts.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import app from '../../worker/index';
import {
  call,
  fetchWorker,
  latestCode,
  registerUser,
  resetConfig,
  setSysInfo,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from './helpers';

const sendCode = (body: unknown) => call('/common/pub/sendCode', body, { ip: uniqueIp() });

describe('sending a verification code', () => {
  it('delivers a six-digit code for a phone number to the dev mailbox', async () => {
    const account = uniquePhone();
    const { body } = await sendCode({ account, type: 2 });
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
    await sendCode({ account, type: 2 });
    const code = await latestCode(account);
    const row = await env.DB.prepare('SELECT code_hash FROM verification_codes WHERE account = ?1')
      .bind(account)
      .first<{ code_hash: string }>();
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
  });

  it('refuses a second code for the same account and purpose within 60 seconds', async () => {
    const account = uniquePhone();
    expect((await sendCode({ account, type: 2 })).body.code).toBe(0);
    const again = await sendCode({ account, type: 2 });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
  });

  it('allows codes for different purposes of the same account at once', async () => {
    const account = uniquePhone();
    expect((await sendCode({ account, type: 2 })).body.code).toBe(0);
    expect((await sendCode({ account, type: 4 })).body.code).toBe(0);
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
    await sendCode({ account: mine, type: 2 });
    await sendCode({ account: uniquePhone(), type: 2 });
    const res = await fetchWorker(`/dev/mailbox?account=${mine}`);
    const { code, data } = (await res.json()) as { code: number; data: { account: string }[] };
    expect(code).toBe(0);
    expect(data.map((m) => m.account)).toEqual([mine]);
  });
});

const mailbox = async (account: string) =>
  ((await (await fetchWorker(`/dev/mailbox?account=${encodeURIComponent(account)}`)).json()) as { data: unknown[] })
    .data;
/** The minute passes for `address`'s codes (sent_at moved back), so the cooldown lets the next one out. */
const minutePasses = (address: string) =>
  env.DB.prepare('UPDATE verification_codes SET sent_at = sent_at - 61 WHERE account = ?1').bind(address).run();

describe('codes cannot be aimed at a mailbox', () => {
  it('gives a parallel burst of requests to one address one code', async () => {
    const account = uniqueEmail();
    const replies = await Promise.all(Array.from({ length: 6 }, () => sendCode({ account, type: 2 })));
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of replies.filter((r) => r.body.code !== 0))
      expect(r.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(await mailbox(account)).toHaveLength(1);
  });

  it('keeps the cooldown on the normalised address: an email in any case, a phone number with or without +', async () => {
    const email = uniqueEmail();
    expect((await sendCode({ account: email.toUpperCase(), type: 2 })).body.code).toBe(0);
    expect((await sendCode({ account: ` ${email} `, type: 2 })).body.msg).toMatch(/^Please wait/);
    const phone = uniquePhone();
    expect((await sendCode({ account: `+${phone}`, type: 2 })).body.code).toBe(0);
    expect((await sendCode({ account: phone, type: 2 })).body.msg).toMatch(/^Please wait/);
  });

  it('sends at most ten codes a day to one address, all purposes together (429, translated)', async () => {
    const account = uniquePhone();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode({ account, type: i % 2 === 0 ? 2 : 4 })).body.code, `code ${i + 1}`).toBe(0);
      await minutePasses(account);
    }
    const refused = await call('/common/pub/sendCode', { account, type: 2 }, { ip: uniqueIp() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 400 });
    expect(refused.body.msg).toMatch(/^Too many requests, please try again in \d+ s$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const vi = await call('/common/pub/sendCode', { account, type: 4 }, { ip: uniqueIp(), lang: 'vi' });
    expect(vi.body.msg).toMatch(/^Quá nhiều yêu cầu, vui lòng thử lại sau \d+ giây$/);
    expect(await mailbox(account)).toHaveLength(10);
    // Another address is not held back.
    expect((await sendCode({ account: uniquePhone(), type: 2 })).body.code).toBe(0);
  });

  it('sends at most CODE_HOURLY_MAX codes an hour over every address, and refuses a code for nobody alike', async () => {
    const hour = Math.floor(Date.now() / 3_600_000);
    const left = (hour + 1) * 3_600_000 - Date.now();
    if (left < 5000) await new Promise((r) => setTimeout(r, left + 50));
    const sent = async () =>
      (await env.DB.prepare("SELECT sent FROM code_sends WHERE scope = 'all' AND slot = ?1")
        .bind(Math.floor(Date.now() / 3_600_000))
        .first<number>('sent')) ?? 0;
    const max = String((await sent()) + 2);
    const withCap = async (body: unknown, lang = 'en') => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request('http://parley.test/common/pub/sendCode', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': lang, 'cf-connecting-ip': uniqueIp() },
          body: JSON.stringify(body),
        }),
        { ...env, CODE_HOURLY_MAX: max },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    };
    expect((await withCap({ account: uniquePhone(), type: 2 })).body.code).toBe(0);
    expect((await withCap({ account: uniqueEmail(), type: 2 })).body.code).toBe(0);
    const over = uniquePhone();
    const refused = await withCap({ account: over, type: 2 }, 'zh-CN');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect(await mailbox(over)).toHaveLength(0);
    // A login code for an address no account has gets the same refusal, not "sent".
    const nobody = await withCap({ account: uniquePhone(), type: 1 });
    expect([nobody.status, nobody.body.code]).toEqual([429, 400]);
  });

  it('sends login and reset codes only to existing accounts, with the same answer either way', async () => {
    const { account: known } = await registerUser(uniquePhone());
    const unknown = uniquePhone();
    for (const type of [1, 3]) {
      const [mine, nobodys] = [await sendCode({ account: known, type }), await sendCode({ account: unknown, type })];
      expect(nobodys.status).toBe(mine.status);
      expect(nobodys.body).toEqual(mine.body);
      expect(mine.body).toMatchObject({ code: 0, msg: 'Sent successfully' });
      // The minute's wait is asked of both alike.
      const [again, againNobody] = [
        await sendCode({ account: known, type }),
        await sendCode({ account: unknown, type }),
      ];
      expect(againNobody.body.code).toBe(again.body.code);
      expect(againNobody.body.msg.replace(/\d+/, 'N')).toBe(again.body.msg.replace(/\d+/, 'N'));
    }
    expect(await mailbox(known)).toHaveLength(2);
    expect(await mailbox(unknown)).toHaveLength(0);
    // Registration codes still go to addresses nobody has yet.
    expect((await sendCode({ account: unknown, type: 2 })).body.code).toBe(0);
    expect(await mailbox(unknown)).toHaveLength(1);
  });
});
