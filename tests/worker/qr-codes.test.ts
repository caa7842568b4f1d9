// QR cards: `getQrCode` hands out a signed link that expires after 7 days; `POST /scan/u/{token}`
// answers the person behind a valid one and refuses expired, forged, other-kind and login tokens
// alike; a QR token is no login token; `GET /scan/u/{token}` (a camera app) lands in the app.
import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { QR_VALID_SECONDS } from '@protocol/people';

import { QR_AUDIENCE, readQrToken, signQrToken } from '../../worker/services/qr-tokens';
import { call, fetchWorker, loginUser, registerUser, signToken, TEST_JWT_SECRET } from './helpers';

const getQrCode = (token: string) => call('/enterprise/im/getQrCode', {}, { token });
const scan = (token: string, qr: string, lang = 'en', body: unknown = {}) =>
  call(`/scan/u/${qr}`, body, { token, lang });
const SCAN_FAILURE = {
  en: 'This QR code has expired or is not valid',
  vi: 'Mã QR này đã hết hạn hoặc không hợp lệ',
  'zh-CN': '二维码已过期或无效',
};

/** Flips one character of the signature (the last part), keeping it base64url. */
const tampered = (token: string) => {
  const at = token.length - 5;
  return token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
};

describe("my card's QR link", () => {
  it('is {origin}/scan/u/{token} with a token valid 7 days that is short enough for a QR and is not my id', async () => {
    const { token, userInfo } = await loginUser();
    const before = Date.now();
    const { body } = await getQrCode(token);
    expect(body.code).toBe(0);
    const qr = body.data as { url: string; token: string; expire: number };
    expect(qr.url).toBe(`http://parley.test/scan/u/${qr.token}`);
    expect(qr.expire).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + QR_VALID_SECONDS * 1000 - 2000);
    expect(qr.expire).toBeLessThanOrEqual(Date.now() + QR_VALID_SECONDS * 1000);
    expect(qr.token).not.toBe(String(userInfo.user_id));
    expect(qr.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // 128-143 characters (ids of 1-12 digits): with an origin of 30 characters, a version 9 QR
    // (53×53 modules) at medium error correction, easily scanned from a screen.
    expect(qr.token.length).toBeLessThanOrEqual(143);
    expect(await readQrToken(TEST_JWT_SECRET, 'u', qr.token)).toBe(String(userInfo.user_id));
  });
});

describe('scanning a card', () => {
  it('answers the person behind a valid token, account masked, with action userInfo', async () => {
    const owner = await loginUser();
    const scanner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    const { status, body } = await scan(scanner.token, qr);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      id: owner.userInfo.user_id,
      user_id: owner.userInfo.user_id,
      realname: 'Test User',
      displayName: 'Test User',
      nickname: '',
      relation: 'none',
      action: 'userInfo',
      account: `${owner.account.slice(0, 3)}******${owner.account.slice(-2)}`,
      index: 'T',
    });
    expect(JSON.stringify(body.data)).not.toMatch(/password|hash|email/i);
  });

  it('says how I stand with them: a friend, under my remark for them', async () => {
    const owner = await loginUser();
    const scanner = await loginUser();
    const t = Math.floor(Date.now() / 1000);
    const row =
      'INSERT INTO friends (create_user, friend_user_id, status, nickname, is_invite, create_time, update_time) VALUES (?1, ?2, 1, ?3, 0, ?4, ?4)';
    await env.DB.batch([
      env.DB.prepare(row).bind(scanner.userInfo.user_id, owner.userInfo.user_id, 'My Dentist', t),
      env.DB.prepare(row).bind(owner.userInfo.user_id, scanner.userInfo.user_id, '', t),
    ]);
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    expect((await scan(scanner.token, qr)).body.data).toMatchObject({
      relation: 'friend',
      nickname: 'My Dentist',
      displayName: 'My Dentist',
      realname: 'Test User',
    });
  });

  it('knows my own card as mine', async () => {
    const me = await loginUser();
    const qr = (await getQrCode(me.token)).body.data.token as string;
    expect((await scan(me.token, qr)).body.data).toMatchObject({
      id: me.userInfo.user_id,
      relation: 'self',
      account: me.account,
    });
  });

  it("accepts the token as `realToken` in the body, as the original's clients send it", async () => {
    const owner = await loginUser();
    const scanner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    expect((await scan(scanner.token, qr, 'en', { realToken: qr })).body.data.id).toBe(owner.userInfo.user_id);
  });

  it('refuses an expired token, in every language', async () => {
    const owner = await registerUser();
    const scanner = await loginUser();
    const past = Math.floor(Date.now() / 1000) - QR_VALID_SECONDS - 5;
    const { token: expired } = await signQrToken(TEST_JWT_SECRET, 'u', owner.user.user_id, past);
    const { token: fresh } = await signQrToken(TEST_JWT_SECRET, 'u', owner.user.user_id, past + 10);
    expect((await scan(scanner.token, fresh)).body.code).toBe(0); // the same user, still inside its 7 days
    for (const lang of ['en', 'vi', 'zh-CN'] as const) {
      const { status, body } = await scan(scanner.token, expired, lang);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 400, msg: SCAN_FAILURE[lang], data: null });
    }
  });

  it('refuses a tampered token', async () => {
    const owner = await loginUser();
    const scanner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    expect((await scan(scanner.token, tampered(qr))).body).toMatchObject({ code: 400, msg: SCAN_FAILURE.en });
    // Another user's id put in the payload, the signature kept.
    const [head, payload, signature] = qr.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = btoa(JSON.stringify({ ...claims, sub: String(scanner.userInfo.user_id) }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect((await scan(scanner.token, `${head}.${forged}.${signature}`)).body.code).toBe(400);
  });

  it("refuses a token of another kind (a group's) for a user's card", async () => {
    const owner = await registerUser();
    const scanner = await loginUser();
    const { token: groupKind } = await signQrToken(TEST_JWT_SECRET, 'g', owner.user.user_id);
    expect((await scan(scanner.token, groupKind)).body).toMatchObject({ code: 400, msg: SCAN_FAILURE.en });
    expect(await readQrToken(TEST_JWT_SECRET, 'g', groupKind)).toBe(String(owner.user.user_id));
  });

  it('refuses a login token as a QR token', async () => {
    const scanner = await loginUser();
    const login = scanner.token.replace(/^bearer /i, '');
    expect((await scan(scanner.token, login)).body).toMatchObject({ code: 400, msg: SCAN_FAILURE.en });
    expect(await readQrToken(TEST_JWT_SECRET, 'u', login)).toBeNull();
  });

  it('refuses a QR-shaped token signed with the login key: the QR key is a key of its own', async () => {
    const owner = await registerUser();
    const scanner = await loginUser();
    const now = Math.floor(Date.now() / 1000);
    const withLoginKey = await new SignJWT({ k: 'u' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(owner.user.user_id))
      .setAudience(QR_AUDIENCE)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await scan(scanner.token, withLoginKey)).body.code).toBe(400);
  });

  it('refuses the card of an unknown or disabled user', async () => {
    const scanner = await loginUser();
    const gone = await registerUser();
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(gone.user.user_id).run();
    for (const uid of [987654321, gone.user.user_id]) {
      const { token } = await signQrToken(TEST_JWT_SECRET, 'u', uid);
      expect((await scan(scanner.token, token)).body).toMatchObject({ code: 400, msg: SCAN_FAILURE.en });
    }
  });

  it('refuses garbage and needs a login', async () => {
    const scanner = await loginUser();
    for (const qr of ['x', 'a.b.c', '1']) expect((await scan(scanner.token, qr)).body.code).toBe(400);
    const owner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    const anonymous = await fetchWorker(`/scan/u/${qr}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('a QR token is no login token', () => {
  it('is refused as a login token even when signed with the login key: login tokens carry no audience', async () => {
    const me = await loginUser();
    const uid = me.userInfo.user_id;
    const plain = await signToken({ uid });
    const withAudience = await signToken({ uid, aud: QR_AUDIENCE });
    expect((await call('/enterprise/im/getUserInfo', {}, { token: `bearer ${plain}` })).status).toBe(200);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: `bearer ${withAudience}` })).status).toBe(401);
  });

  it('is refused as a bearer token with HTTP 401', async () => {
    const owner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    const { status, body } = await call('/enterprise/im/getUserInfo', {}, { token: `bearer ${qr}` });
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });
});

describe('a camera app opening the link', () => {
  it('is sent to the contact card in the app with the token, no login needed, with the security headers', async () => {
    const owner = await loginUser();
    const qr = (await getQrCode(owner.token)).body.data.token as string;
    const res = await fetchWorker(`/scan/u/${qr}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/#/pages/contacts/detail?qr=${qr}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('passes anything else along escaped, for the app to refuse', async () => {
    const res = await fetchWorker('/scan/u/%22%3E%3Cscript%3E', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/#/pages/contacts/detail?qr=%22%3E%3Cscript%3E');
  });
});
