// Why a signed-in app is told to log in again: the refusal keeps code -1 and
// HTTP 401, and its data says why (protocol SignOut): disabled, deleted, password reset by an
// operator, the site closed with the operator's text, or a login that simply ended; the socket's
// ticket carries the same, so an app whose socket the server closed learns it too. The message is
// translated (en, vi, zh-CN).
import { afterEach, describe, expect, it } from 'vitest';

import { call, loginUser, operator, resetConfig, setSysInfo } from './helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const manage = (as: User, path: string, body: Record<string, unknown>) =>
  call(`/manage/${path}`, body, { token: as.token });
/** An ordinary authenticated request of `who`, in `lang`. */
const ask = (who: User, lang = 'en') => call('/enterprise/im/getUserInfo', {}, { token: who.token, lang });
const ticket = (who: User) => call('/common/pub/wsTicket', {}, { token: who.token });

afterEach(resetConfig);

describe('a refused token says why', () => {
  it('without a token: log in first', async () => {
    const reply = await call('/enterprise/im/getUserInfo', {});
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: -1, data: { reason: 'user.mustToken', tips: '' } });
  });

  it('an account disabled by an operator, on requests and on the socket ticket, in three languages', async () => {
    const boss = await operator();
    const them = await loginUser();
    expect((await manage(boss, 'user/setStatus', { user_id: uid(them), status: 0 })).body.code).toBe(0);
    const texts = {
      en: 'This account has been disabled',
      vi: 'Tài khoản này đã bị vô hiệu hóa',
      'zh-CN': '该账号已被禁用',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const reply = await ask(them, lang);
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ code: -1, msg: text, data: { reason: 'user.forbid' } });
    }
    expect((await ticket(them)).body).toMatchObject({ code: -1, data: { reason: 'user.forbid' } });
  });

  it('a password reset by an operator, but not the user ending their own logins', async () => {
    const boss = await operator();
    const them = await loginUser();
    expect((await manage(boss, 'user/editPassword', { user_id: uid(them), password: 'second12' })).body.code).toBe(0);
    const texts = {
      en: 'An operator reset your password: log in with the new one',
      vi: 'Quản trị viên đã đặt lại mật khẩu của bạn: hãy đăng nhập bằng mật khẩu mới',
      'zh-CN': '系统管理员已重置你的密码，请用新密码登录',
    };
    for (const [lang, text] of Object.entries(texts))
      expect((await ask(them, lang)).body).toMatchObject({
        code: -1,
        msg: text,
        data: { reason: 'user.passwordReset' },
      });
    expect((await ticket(them)).body.data).toMatchObject({ reason: 'user.passwordReset' });

    // Logged in again with the new password (a second later: the audit counts in seconds), then out
    // everywhere from another device: only expired.
    await new Promise((done) => setTimeout(done, 1100));
    const again = await loginUser(them.account, 'second12');
    const other = await loginUser(them.account, 'second12');
    expect((await call('/common/pub/logoutAll', {}, { token: other.token })).body.code).toBe(0);
    expect((await ask(again)).body).toMatchObject({ code: -1, data: { reason: 'user.expired' } });
  });

  it('a deleted account', async () => {
    const boss = await operator();
    const them = await loginUser();
    expect((await manage(boss, 'user/del', { user_id: uid(them) })).body.code).toBe(0);
    const reply = await ask(them);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({
      code: -1,
      msg: 'This account has been deleted',
      data: { reason: 'user.removed' },
    });
    expect((await ticket(them)).body.data).toMatchObject({ reason: 'user.removed' });
  });

  it("the site closed, with the operator's text", async () => {
    const them = await loginUser();
    await setSysInfo({ state: '0', closeTips: 'Back at noon' });
    const reply = await ask(them);
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: -1, data: { reason: 'system.siteClosed', tips: 'Back at noon' } });
    expect(reply.body.msg).toContain('Back at noon');
    await setSysInfo({ state: '0' });
    expect((await ticket(them)).body.data).toEqual({ reason: 'system.siteClosed', tips: '' });
  });
});
