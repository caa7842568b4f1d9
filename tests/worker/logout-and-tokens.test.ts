// Tokens: how /enterprise/* calls are authenticated, renewed and revoked (logout,
// password change), and that every bad token is answered with HTTP 401 and code -1.
import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { hasPermission, needsRenewal } from '../../worker/services/tokens';
import { call, eventually, loginUser, signToken } from './helpers';

const whoAmI = (token?: string) => call('/enterprise/im/getUserInfo', {}, { token });
const b64url = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const fromB64url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** One user shared by the read-only checks below (each refusal leaves the user untouched). */
let uid: number;
beforeAll(async () => {
  uid = (await loginUser()).userInfo.user_id;
});

describe('logging out', () => {
  it('revokes the token, which then gets HTTP 401', async () => {
    const { token } = await loginUser();
    expect((await whoAmI(token)).body.code).toBe(0);
    const out = await call('/common/pub/logout', {}, { token });
    expect(out.body.code).toBe(0);
    const after = await whoAmI(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(-1);
  });

  it("leaves the same user's other tokens working", async () => {
    const { account, password, token } = await loginUser();
    const other = await loginUser(account, password);
    await call('/common/pub/logout', {}, { token });
    expect((await whoAmI(other.token)).body.code).toBe(0);
  });

  it('answers code 0 without a token, or with a dead one', async () => {
    expect((await call('/common/pub/logout', {})).body.code).toBe(0);
    expect((await call('/common/pub/logout', {}, { token: 'bearer not.a.jwt' })).body.code).toBe(0);
  });
});

describe('refusing bad tokens', () => {
  it('answers HTTP 401 with code -1 when no token is sent', async () => {
    const { status, body } = await whoAmI();
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
    expect(body.msg).toBe('Please log in first');
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signToken({ uid }, { secret: 'another-secret-that-is-also-long-enough-for-hs256' });
    expect((await whoAmI(`bearer ${forged}`)).status).toBe(401);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const real = await signToken({ uid });
    const [header, payload, signature] = real.split('.');
    const claims = JSON.parse(fromB64url(payload!));
    const tampered = [header, b64url(JSON.stringify({ ...claims, roles: ['admin'] })), signature].join('.');
    expect((await whoAmI(`bearer ${real}`)).status).toBe(200);
    expect((await whoAmI(`bearer ${tampered}`)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken({ uid }, { iat: now - 7200, exp: now - 60 });
    const reply = await whoAmI(`bearer ${expired}`);
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(-1);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      uid,
      roles: ['admin'],
      permissions: [],
      ver: 0,
      jti: crypto.randomUUID(),
      iat: now,
      exp: now + 3600,
    };
    const unsigned = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.`;
    expect((await whoAmI(`bearer ${unsigned}`)).status).toBe(401);
  });

  it('refuses a well-signed token that lacks the claims of a Parley token', async () => {
    const bare = await new SignJWT({ sub: String(uid) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
    expect((await whoAmI(`bearer ${bare}`)).status).toBe(401);
  });

  it('refuses a token for a user that does not exist', async () => {
    expect((await whoAmI(`bearer ${await signToken({ uid: 987654321 })}`)).status).toBe(401);
  });

  it('refuses a token of an older token version', async () => {
    expect((await whoAmI(`bearer ${await signToken({ uid, ver: 7 })}`)).status).toBe(401);
  });

  it('refuses the token of a user who has since been disabled', async () => {
    const { token, userInfo } = await loginUser();
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(userInfo.user_id).run();
    const { status, body } = await whoAmI(token);
    expect(status).toBe(401);
    expect(body.msg).toBe('This account has been disabled');
  });

  it.each([
    ['garbage', 'bearer garbage'],
    ['a missing scheme word', 'abc.def.ghi'],
    ['an empty bearer', 'bearer '],
  ])('refuses %s in the Authorization header', async (_, header) => {
    const { status, body } = await whoAmI(header);
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });
});

describe('accepting tokens', () => {
  it('ignores a token sent only as a body parameter, where it would end up in logs', async () => {
    const token = await signToken({ uid });
    const { status, body } = await call('/enterprise/im/getUserInfo', { token });
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });

  it('accepts the scheme word in any case', async () => {
    expect((await whoAmI(`Bearer ${await signToken({ uid })}`)).status).toBe(200);
  });
});

describe('renewing tokens', () => {
  it('sends a fresh token in x-refresh-token when less than half the lifetime is left, and the fresh token works', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = await signToken({ uid }, { iat: now - 29 * 86400, exp: now + 86400 });
    const reply = await whoAmI(`bearer ${old}`);
    expect(reply.status).toBe(200);
    const fresh = reply.headers.get('x-refresh-token');
    expect(fresh).toMatch(/^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(Number(reply.headers.get('x-token-expired'))).toBeGreaterThan((now + 29 * 86400) * 1000);
    const next = await whoAmI(fresh!);
    expect(next.status).toBe(200);
    expect(next.body.data.user_id).toBe(uid);
    expect(next.headers.get('x-refresh-token')).toBeNull();
  });

  it('sends no fresh token while more than half the lifetime is left', async () => {
    const reply = await whoAmI(`bearer ${await signToken({ uid })}`);
    expect(reply.headers.get('x-refresh-token')).toBeNull();
    expect(reply.headers.get('x-token-expired')).toBeNull();
  });

  it('never renews past 90 days after the login, however often the token was renewed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sid = crypto.randomUUID();
    const late = await signToken({ uid, sid, sat: now - 80 * 86400 }, { iat: now - 20 * 86400, exp: now + 86400 });
    const reply = await whoAmI(`bearer ${late}`);
    expect(reply.headers.get('x-refresh-token')).toMatch(/^bearer /);
    expect(Number(reply.headers.get('x-token-expired'))).toBe((now + 10 * 86400) * 1000);
    const last = await signToken({ uid, sid, sat: now - 89 * 86400 }, { iat: now - 20 * 86400, exp: now + 86400 });
    const final = await whoAmI(`bearer ${last}`);
    expect(final.status).toBe(200);
    expect(final.headers.get('x-refresh-token')).toBeNull();
  });

  it('renews exactly when less than half of the lifetime is left', () => {
    expect(needsRenewal({ iat: 0, exp: 100 }, 49)).toBe(false);
    expect(needsRenewal({ iat: 0, exp: 100 }, 50)).toBe(false);
    expect(needsRenewal({ iat: 0, exp: 100 }, 51)).toBe(true);
  });
});

describe('permissions', () => {
  it('lets the admin role pass every permission check', () => {
    expect(hasPermission({ roles: ['admin'], permissions: [] }, 'manage.users')).toBe(true);
    expect(hasPermission({ roles: ['admin'], permissions: [] }, 'anything.at.all')).toBe(true);
  });

  it('lets other roles pass only the permissions they hold', () => {
    expect(hasPermission({ roles: ['user'], permissions: ['group.manage'] }, 'group.manage')).toBe(true);
    expect(hasPermission({ roles: ['user'], permissions: ['group.manage'] }, 'manage.users')).toBe(false);
    expect(hasPermission({ roles: [], permissions: [] }, 'group.manage')).toBe(false);
  });
});

describe('cache lifetimes', () => {
  it('spreads a lifetime over 80–100% of its length so cached entries do not all fall due together', async () => {
    const { spread } = await import('../../worker/services/auth-cache');
    expect(spread(5000, 0)).toBe(4000);
    expect(spread(5000, 0.999999)).toBe(5000);
    expect(spread(5000, 0.5)).toBe(4500);
  });
});

describe('tokens cached by another isolate', () => {
  // These write to D1 directly, as a logout or a password change handled by another isolate would:
  // this isolate keeps its cached verdict until its once-a-second look at D1 finds the change. The
  // first request a second after the last look starts the next one beside itself; the requests
  // after it see the result. Without the feed the cached verdict would stand for minutes.
  const refusedWithin = (token: string, ms: number) =>
    eventually(async () => expect((await whoAmI(token)).status).toBe(401), ms);

  it('stops accepting a token revoked elsewhere within about a second', async () => {
    const { token } = await loginUser();
    expect((await whoAmI(token)).status).toBe(200);
    const jti = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).jti;
    await env.DB.prepare('INSERT INTO token_revocations (jti, expires_at) VALUES (?1, ?2)')
      .bind(jti, Math.floor(Date.now() / 1000) + 3600)
      .run();
    await refusedWithin(token, 2000);
  });

  it('stops accepting the old tokens of a user whose password changed elsewhere, and shows a new name', async () => {
    const { token, userInfo } = await loginUser();
    expect((await whoAmI(token)).status).toBe(200);
    const other = await loginUser();
    expect((await whoAmI(other.token)).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    await env.DB.batch([
      env.DB.prepare('UPDATE users SET token_version = token_version + 1, update_time = ?2 WHERE user_id = ?1').bind(
        userInfo.user_id,
        now,
      ),
      env.DB.prepare("UPDATE users SET realname = 'Renamed Elsewhere', update_time = ?2 WHERE user_id = ?1").bind(
        other.userInfo.user_id,
        now,
      ),
    ]);
    await refusedWithin(token, 2000);
    // The name a message carries comes from the cached verdict: it must be the new one.
    const sent = await call(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'hi', toContactId: userInfo.user_id, is_group: 0 },
      { token: other.token },
    );
    expect(sent.body.data.fromUser.displayName).toBe('Renamed Elsewhere');
  });
});
