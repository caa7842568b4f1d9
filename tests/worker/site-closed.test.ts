// The site-closed switch (issue 25 item 7, sysInfo.state '0' with closeTips): while it is off, a
// user who is not an operator can neither sign in (told why, with the operator's text) nor go on
// with a token they hold (the next request asks them to sign in again, with the same reason);
// operators go on, so they can open it again.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, loginUser, resetConfig, setSysInfo } from './helpers';

afterEach(resetConfig);

describe('a closed site', () => {
  it('lets in operators only, and tells everyone else why', async () => {
    const user = await loginUser();
    const ops = await loginUser();
    await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(ops.userInfo.user_id).run();
    await setSysInfo({ state: '0', closeTips: 'back at 06:00 UTC' });

    const held = await call('/enterprise/im/getContacts', {}, { token: user.token, lang: 'en' });
    expect(held.status).toBe(401);
    expect(held.body).toMatchObject({ code: -1, msg: 'Parley is closed for now: back at 06:00 UTC' });
    const again = await call('/common/pub/login', { account: user.account, password: user.password }, { lang: 'vi' });
    expect(again.body).toMatchObject({ code: 400, msg: 'Parley đang tạm đóng: back at 06:00 UTC' });

    expect((await call('/enterprise/im/getContacts', {}, { token: ops.token })).body.code).toBe(0);
    expect((await call('/common/pub/login', { account: ops.account, password: ops.password })).body.code).toBe(0);

    await setSysInfo({ state: '1' });
    expect((await call('/common/pub/login', { account: user.account, password: user.password })).body.code).toBe(0);
  });
});
