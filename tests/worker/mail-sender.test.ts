// Codes reach people in production: with the operator's HTTP mail API set (and
// no dev mailbox) a code goes out by mail to an email account, in the asker's language, and lets
// them register; a failing mail API is told to the person asking and to the operator, never as a
// 500, and leaves no code behind; sendTestEmail reports how it went. The mail API is the test's own
// endpoint (the Worker's fetches to it are answered here), as a real provider cannot be reached.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import app from '../../worker/index';
import { loginUser, registerUser, resetConfig, setSysInfo, uniqueAccount, uniqueIp } from './helpers';

const MAIL_URL = 'https://mail.parley.test/emails';
const MAIL = {
  DEV_MAILBOX: 'false',
  MAIL_API_URL: MAIL_URL,
  MAIL_API_KEY: 'key-123',
  MAIL_FROM: 'Parley <no-reply@parley.test>',
};

interface Sent {
  authorization: string | null;
  body: { from: string; to: string; subject: string; text: string };
}
let sent: Sent[] = [];
let status = 200;

beforeEach(() => {
  sent = [];
  status = 200;
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url !== MAIL_URL) return real(input, init);
    if (status !== 200) return new Response('bad key', { status });
    sent.push({ authorization: request.headers.get('authorization'), body: await request.json() });
    return Response.json({ id: 'mail-1' });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await resetConfig();
});

async function post(path: string, body: unknown, opts: { token?: string; lang?: string; vars?: object } = {}) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': opts.lang ?? 'en',
    'cf-connecting-ip': uniqueIp(),
  };
  if (opts.token) headers.authorization = opts.token;
  const res = await app.fetch(
    new Request(`http://parley.test${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    { ...env, ...MAIL, ...opts.vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

describe('verification codes by mail', () => {
  it('mails the code to an email account in the asker’s language, and the code lets them register', async () => {
    await setSysInfo({ regauth: '2' });
    const account = `${uniqueAccount('mail')}@example.com`;
    const asked = await post('/common/pub/sendCode', { account, type: 2 }, { lang: 'vi' });
    expect(asked.body.code, asked.body.msg).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe('Bearer key-123');
    expect(sent[0]!.body).toMatchObject({ from: MAIL.MAIL_FROM, to: account, subject: 'Mã xác minh Parley' });
    const code = /\b(\d{6})\b/.exec(sent[0]!.body.text)![1]!;
    const made = await post('/common/pub/register', { account, realname: 'Mailed', password: 'secret12', code });
    expect(made.body.code, made.body.msg).toBe(0);
  });

  it('tells the person when the mail API fails (no 500), and keeps no code, so they may ask again', async () => {
    const account = `${uniqueAccount('mail')}@example.com`;
    status = 503;
    const failed = await post('/common/pub/sendCode', { account, type: 2 });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      code: 400,
      msg: 'The verification code could not be sent. Please try again later.',
    });
    status = 200;
    expect((await post('/common/pub/sendCode', { account, type: 2 })).body.code).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('mails a login or reset code to an existing account only, answering alike (even when the mail API fails)', async () => {
    const { account } = await registerUser(`${uniqueAccount('mail')}@example.com`);
    const nobody = `${uniqueAccount('mail')}@example.com`;
    const mine = await post('/common/pub/sendCode', { account, type: 1 });
    const theirs = await post('/common/pub/sendCode', { account: nobody, type: 1 });
    expect(mine.body).toMatchObject({ code: 0, msg: 'Sent successfully' });
    expect(theirs).toEqual(mine);
    expect(sent.map((m) => m.body.to)).toEqual([account]);
    // A failing mail API shows for neither: it would tell who has an account.
    status = 503;
    const failing = await post('/common/pub/sendCode', { account, type: 3 });
    expect(failing).toEqual(await post('/common/pub/sendCode', { account: nobody, type: 3 }));
    expect(failing.body.code).toBe(0);
    // The code that was not sent is gone: the owner may ask again at once.
    status = 200;
    expect((await post('/common/pub/sendCode', { account, type: 3 })).body.code).toBe(0);
    expect(sent.map((m) => m.body.to)).toEqual([account, account]);
  });

  it('sends nothing to a phone number (no SMS sender)', async () => {
    const reply = await post('/common/pub/sendCode', { account: '+84901234567', type: 1 });
    expect(reply.body).toMatchObject({
      code: 400,
      msg: 'Verification codes cannot be delivered: no provider is configured',
    });
    expect(sent).toEqual([]);
  });
});

describe('manage/config/sendTestEmail', () => {
  it('mails a test, and reports the provider’s refusal or a missing set-up to the operator', async () => {
    const boss = await loginUser();
    await env.DB.prepare('UPDATE users SET role = 1 WHERE user_id = ?1').bind(boss.userInfo.user_id).run();
    const test = (vars?: object) =>
      post('/manage/config/sendTestEmail', { to: 'ops@example.com' }, { token: boss.token, vars });
    expect((await test()).body.code).toBe(0);
    expect(sent[0]!.body).toMatchObject({ to: 'ops@example.com', subject: 'Parley test email' });
    status = 401;
    expect((await test()).body).toMatchObject({ code: 400, msg: 'The email could not be sent: HTTP 401: bad key' });
    expect((await test({ MAIL_API_KEY: '' })).body).toMatchObject({ code: 400, msg: 'No mail sender is configured' });
    expect((await post('/manage/config/sendTestEmail', { to: 'nope' }, { token: boss.token })).body.code).not.toBe(0);
  });
});
