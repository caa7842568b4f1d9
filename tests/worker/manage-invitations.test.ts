// Invitation codes from the operator console: under registration by invitation
// (regtype 2) a code of N uses lets in exactly N people, even when they try at once; a revoked or
// expired code lets in nobody; a registration that fails gives its use back; the reference's
// getInviteLink answers a working link to the register page; each is audited.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, loginUser, operator, resetConfig, setSysInfo, uniqueAccount, uniqueIp } from './helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
afterEach(resetConfig);

const invite = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/invite/${path}`, body, { token: as.token });
const register = (inviteCode: string, account = uniqueAccount('inv')) =>
  call(
    '/common/pub/register',
    { account, realname: 'Invited', password: 'secret12', inviteCode },
    { ip: uniqueIp(), lang: 'en' },
  );

describe('invitation codes', () => {
  it('let in as many people as they have uses, and say how many they let in', async () => {
    const ops = await operator(2);
    await setSysInfo({ regtype: '2' });
    const made = await invite(ops, 'add', { max_uses: 2, days: 3 });
    expect(made.body.data).toMatchObject({ max_uses: 2, uses: 0 });
    const { code } = made.body.data;
    expect((await register(code)).body.code).toBe(0);
    expect((await register(code)).body.code).toBe(0);
    expect((await register(code)).body).toMatchObject({
      code: 400,
      msg: 'The invitation code is invalid or has expired',
    });
    expect((await register('NOSUCHCODE')).body.code).toBe(400);
    const listed = (await invite(ops, 'index')).body.data.find((r: { code: string }) => r.code === code);
    expect(listed).toMatchObject({ uses: 2, max_uses: 2, revoked: 0, creator_name: 'Test User' });
    expect(listed.url).toContain(`/#/pages/login/register?inviteCode=${code}`);
  });

  it('let in exactly one person for a single use, however many try at once', async () => {
    const ops = await operator(2);
    await setSysInfo({ regtype: '2' });
    const { code } = (await invite(ops, 'add', { max_uses: 1 })).body.data;
    const answers = await Promise.all([register(code), register(code), register(code), register(code)]);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
  });

  it('give a use back when the registration fails after all, and let in nobody once revoked or expired', async () => {
    const ops = await operator(2);
    const taken = (await loginUser()).account;
    await setSysInfo({ regtype: '2' });
    const { code } = (await invite(ops, 'add', { max_uses: 1 })).body.data;
    expect((await register(code, taken)).body.code).toBe(400); // the account exists
    expect((await register(code)).body.code).toBe(0); // the use was not lost

    const revoked = (await invite(ops, 'add', { max_uses: 5 })).body.data.code;
    expect((await invite(ops, 'revoke', { code: revoked })).body.code).toBe(0);
    expect((await register(revoked)).body.code).toBe(400);

    const expired = (await invite(ops, 'add', { max_uses: 5 })).body.data.code;
    await env.DB.prepare('UPDATE invitations SET expires_at = 1 WHERE code = ?1').bind(expired).run();
    expect((await register(expired)).body.code).toBe(400);
    const trail = await env.DB.prepare('SELECT action FROM audit_log WHERE target = ?1')
      .bind(`invite:${revoked}`)
      .all();
    expect(trail.results.map((r) => r.action)).toEqual(['invite.add', 'invite.revoke']);
  });

  it('getInviteLink answers a link whose code lets one person register', async () => {
    const ops = await operator(2);
    await setSysInfo({ regtype: '2' });
    const link = await call('/manage/config/getInviteLink', {}, { token: ops.token });
    const url = new URL(link.body.data.url.replace('/#/', '/'));
    expect(url.pathname).toBe('/pages/login/register');
    const code = url.searchParams.get('inviteCode')!;
    expect((await register(code)).body.code).toBe(0);
    expect((await register(code)).body.code).toBe(400);
  });

  it('refuses nonsense with the envelope', async () => {
    const ops = await operator(2);
    for (const body of [{ max_uses: -1 }, { days: 0 }, { days: 999 }, { max_uses: 'lots' }])
      expect((await invite(ops, 'add', body)).body.code, JSON.stringify(body)).not.toBe(0);
    expect((await invite(ops, 'revoke', { code: 'NOSUCHCODE' })).body.code).toBe(400);
  });
});
