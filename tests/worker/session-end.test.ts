// Sessions end when they should: a logout closes the sockets opened with that token and no other;
// logout everywhere, a password change and a disabled account close every socket of the user; a
// socket whose session ended where its hub was not told is refused at its next frame; a ticket
// taken before a logout opens nothing; renewed tokens stay one login, which a logout ends whole.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { disableAccount } from '../../worker/actions/sessions';
import app from '../../worker/index';
import { SESSION_ENDED_CLOSE_CODE } from '../../worker/services/socket-rules';
import { call, eventually, loginUser, textMessage } from './helpers';
import { closeCode, connect } from './socket-helpers';

const whoAmI = (token: string) => call('/enterprise/im/getUserInfo', {}, { token });
const claimsOf = (token: string) =>
  JSON.parse(
    atob(
      token
        .replace(/^bearer /, '')
        .split('.')[1]!
        .replace(/-/g, '+')
        .replace(/_/g, '/'),
    ),
  );

describe('logging out', () => {
  it('closes the sockets opened with that token, and only those', async () => {
    const me = await loginUser();
    const other = await loginUser(me.account, me.password);
    const mine = await connect(me.token, 'phone');
    const theirs = await connect(other.token, 'laptop');
    expect((await call('/common/pub/logout', {}, { token: me.token })).body.code).toBe(0);
    expect(await closeCode(mine)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await closeCode(theirs, 300)).toBe('open');
  });

  it('opens no socket with a ticket taken before the logout', async () => {
    const me = await loginUser();
    const { body } = await call('/common/pub/wsTicket', { device_id: 'racer' }, { token: me.token });
    await call('/common/pub/logout', {}, { token: me.token });
    const { exports } = await import('cloudflare:workers');
    const res = await exports.default.fetch(
      new Request(`http://parley.test/wss?ticket=${body.data.ticket}`, { headers: { upgrade: 'websocket' } }),
    );
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it('ends the whole login: a logout with the renewed token also kills the token it was renewed from', async () => {
    const me = await loginUser();
    const claims = claimsOf(me.token);
    // The same login, its token past half its life: the server renews it.
    const { signToken } = await import('./helpers');
    const now = Math.floor(Date.now() / 1000);
    const old = `bearer ${await signToken({ uid: me.userInfo.user_id, sid: claims.sid, sat: claims.sat }, { iat: now - 20 * 86400, exp: now + 86400 })}`;
    const renewed = (await whoAmI(old)).headers.get('x-refresh-token')!;
    expect(renewed).toMatch(/^bearer /);
    expect(claimsOf(renewed).sid).toBe(claims.sid);
    await call('/common/pub/logout', {}, { token: renewed });
    expect((await whoAmI(old)).status).toBe(401);
    expect((await whoAmI(me.token)).status).toBe(401);
  });

  it('sweeps revocations whose tokens have all expired, but never the newest row', async () => {
    const stale = `stale-${crypto.randomUUID()}`;
    await env.DB.prepare('INSERT INTO token_revocations (jti, expires_at) VALUES (?1, ?2)').bind(stale, 1000).run();
    const me = await loginUser();
    await call('/common/pub/logout', {}, { token: me.token });
    expect(
      await env.DB.prepare('SELECT 1 AS x FROM token_revocations WHERE jti = ?1').bind(stale).first('x'),
    ).toBeNull();
    const newest = await env.DB.prepare('SELECT jti FROM token_revocations ORDER BY rowid DESC LIMIT 1').first<string>(
      'jti',
    );
    expect(newest).toBe(claimsOf(me.token).sid);
  });
});

describe('ending every session', () => {
  it('logoutAll answers a translated ok, stops every token of the user and closes every socket', async () => {
    const me = await loginUser();
    const other = await loginUser(me.account, me.password);
    const sockets = [await connect(me.token, 'phone'), await connect(other.token, 'laptop')];
    const reply = await call('/common/pub/logoutAll', {}, { token: me.token });
    expect(reply.body).toMatchObject({ code: 0, msg: 'Logged out on every device' });
    expect(await Promise.all(sockets.map((s) => closeCode(s)))).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    expect((await whoAmI(me.token)).status).toBe(401);
    expect((await whoAmI(other.token)).status).toBe(401);
  });

  it('logoutAll is refused for a shared demo account in demo mode, and ends nothing', async () => {
    const me = await loginUser();
    const socket = await connect(me.token, 'phone');
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(me.userInfo.user_id).run();
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request('http://parley.test/common/pub/logoutAll', {
        method: 'POST',
        headers: { authorization: me.token, 'content-type': 'application/json', 'accept-language': 'en' },
        body: '{}',
      }),
      { ...env, DEMO_MODE: 'true' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await res.json()).toMatchObject({ code: 400, msg: 'Demo mode does not allow this change' });
    expect((await whoAmI(me.token)).status).toBe(200);
    expect(await closeCode(socket, 500)).toBe('open');
    socket.close();
  });

  it('logoutAll needs a valid token', async () => {
    const { status, body } = await call('/common/pub/logoutAll', {});
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });

  it("a password change closes every socket of the user, the changing device's too", async () => {
    const me = await loginUser();
    const other = await loginUser(me.account, me.password);
    const sockets = [await connect(me.token, 'phone'), await connect(other.token, 'laptop')];
    const changed = await call(
      '/enterprise/im/editPassword',
      { originalPassword: me.password, password: 'brand-new-1' },
      { token: me.token },
    );
    expect(changed.body.code).toBe(0);
    expect(await Promise.all(sockets.map((s) => closeCode(s)))).toEqual([
      SESSION_ENDED_CLOSE_CODE,
      SESSION_ENDED_CLOSE_CODE,
    ]);
    // The fresh token opens a socket that stays.
    const fresh = await connect(changed.body.data.authToken, 'phone');
    expect(await closeCode(fresh, 300)).toBe('open');
  });

  it('disabling the account closes every socket and stops its tokens for good', async () => {
    const me = await loginUser();
    const socket = await connect(me.token);
    await disableAccount(env, me.userInfo.user_id);
    expect(await closeCode(socket)).toBe(SESSION_ENDED_CLOSE_CODE);
    await env.DB.prepare('UPDATE users SET status = 1 WHERE user_id = ?1').bind(me.userInfo.user_id).run();
    await eventually(async () => expect((await whoAmI(me.token)).status).toBe(401), 2000);
  });
});

describe('a socket whose session ended where its hub was not told', () => {
  // As when another isolate, or an operator, writes to D1 directly: the hub learns it at the next frame.
  it('is closed at its next sync instead of being replayed to, once its login is revoked', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const socket = await connect(me.token);
    await socket.next((f) => f.type === 'init');
    await call('/enterprise/im/sendMessage', textMessage(me.userInfo.user_id, 'for the replay'), { token: peer.token });
    await socket.next((f) => f.type === 'simple');
    await env.DB.prepare('INSERT INTO token_revocations (jti, expires_at) VALUES (?1, ?2)')
      .bind(claimsOf(me.token).sid, Math.floor(Date.now() / 1000) + 3600)
      .run();
    const before = socket.frames.length;
    socket.send({ type: 'sync', since: 0 });
    expect(await closeCode(socket)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(socket.frames.slice(before).filter((f) => f.type === 'simple')).toEqual([]);
  });

  it('is closed at its next sync once the account was disabled in D1', async () => {
    const me = await loginUser();
    const socket = await connect(me.token);
    await socket.next((f) => f.type === 'init');
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(me.userInfo.user_id).run();
    socket.send({ type: 'sync', since: 0 });
    expect(await closeCode(socket)).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});
