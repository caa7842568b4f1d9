// What the original's web client (raingad-im-web) needs of login and every call:
// `sessionId` beside the token, every userInfo field it reads, its form-encoded PHP-style bodies,
// `Authorization` verbatim with its `sessionId` header, and -1 as the 200 it turns into a re-login.
import { describe, expect, it } from 'vitest';

import { call, fetchWorker, loginUser, registerUser, textMessage, uniqueIp } from './helpers';

/** The fields the original web client reads from userInfo (store/index.js, components/message). */
const USER_INFO_FIELDS = [
  'user_id',
  'id',
  'displayName',
  'realname',
  'avatar',
  'account',
  'email',
  'sex',
  'motto',
  'role',
  'setting',
  'is_auth',
];

/** A call as the original web client makes it: form-encoded, its two headers as it stored them. */
async function originalCall(path: string, form: string, headers: Record<string, string>) {
  const res = await fetchWorker(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      'accept-language': 'en',
      ...headers,
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

async function originalLogin() {
  const { account, password } = await registerUser();
  const res = await fetchWorker('/common/pub/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'cf-connecting-ip': uniqueIp() },
    body: new URLSearchParams({ account, password }).toString(),
  });
  return ((await res.json()) as { data: { sessionId: string; authToken: string; userInfo: any } }).data;
}

describe('the login answer for the original web client', () => {
  it('carries an opaque sessionId beside the bearer token and every userInfo field the client reads', async () => {
    const data = await originalLogin();
    expect(data.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(data.authToken).toMatch(/^bearer /);
    expect(data.authToken).not.toContain(data.sessionId);
    for (const field of USER_INFO_FIELDS) expect(data.userInfo).toHaveProperty(field);
    expect(data.userInfo.id).toBe(data.userInfo.user_id);
    expect(data.userInfo.displayName).toBe(data.userInfo.realname);
    expect(data.userInfo.setting).toEqual({
      theme: 'default',
      isVoice: true,
      sendKey: 1,
      avatarCricle: false,
      hideMessageName: false,
      hideMessageTime: false,
    });
  });

  it('gives each login its own sessionId', async () => {
    const [a, b] = await Promise.all([originalLogin(), originalLogin()]);
    expect(a.sessionId).not.toBe(b.sessionId);
  });

  it('answers the same userInfo fields from getUserInfo about myself', async () => {
    const me = await loginUser();
    const { body } = await call('/enterprise/im/getUserInfo', {}, { token: me.token });
    expect(body.code).toBe(0);
    for (const field of USER_INFO_FIELDS) expect(body.data).toHaveProperty(field);
    expect(body.data.setting).toEqual(me.userInfo.setting);
  });
});

describe('the headers of the original web client', () => {
  it('accepts `Authorization: bearer …` verbatim with its sessionId header alongside', async () => {
    const data = await originalLogin();
    const { status, body } = await originalCall('/enterprise/im/getContacts', '', {
      authorization: data.authToken,
      sessionid: data.sessionId,
    });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
  });

  it('refuses a call carrying only the sessionId, with -1 (log in again) as a 200 the client acts on', async () => {
    const data = await originalLogin();
    const { status, body } = await originalCall('/enterprise/im/getContacts', '', { sessionid: data.sessionId });
    expect(body.code).toBe(-1);
    expect(status).toBe(200);
    expect(body.msg).not.toBe('');
  });

  it('refuses a sessionId put where the token goes', async () => {
    const data = await originalLogin();
    const { body } = await originalCall('/enterprise/im/getContacts', '', {
      authorization: `bearer ${data.sessionId}`,
      sessionid: data.sessionId,
    });
    expect(body.code).toBe(-1);
  });

  it("keeps HTTP 401 for a dead token from Parley's own clients, which send no sessionId", async () => {
    const { status, body } = await call('/enterprise/im/getContacts', {}, { token: 'bearer not-a-token' });
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });
});

describe('PHP-style arrays in form bodies and query strings', () => {
  it('reads `a[b][c]=…` as nested objects: a quote named by extends[quote][msg_id]', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const first = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'quoted'), {
      token: a.token,
    });
    const form = new URLSearchParams({
      id: crypto.randomUUID(),
      type: 'text',
      content: 'a reply',
      toContactId: String(b.userInfo.user_id),
      is_group: '0',
      'extends[quote][msg_id]': String(first.body.data.msg_id),
    }).toString();
    const { body } = await originalCall('/enterprise/im/sendMessage', form, { authorization: a.token });
    expect(body.code).toBe(0);
    expect(body.data.pid).toBe(first.body.data.msg_id);
    expect(body.data.extends.quote).toMatchObject({ msg_id: first.body.data.msg_id, user_id: a.userInfo.user_id });
  });

  it('reads `a[]=…` and `a[0]=…` in a query string as a list, as in a body', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'pass it on'), {
      token: a.token,
    });
    for (const list of [`user_ids[]=${c.userInfo.user_id}`, `user_ids[0]=${c.userInfo.user_id}`]) {
      const query = `${list}&msg_id=${sent.body.data.msg_id}&toContactId=${b.userInfo.user_id}`;
      const { body } = await originalCall(`/enterprise/im/forwardMessage?${query}`, '', { authorization: a.token });
      expect(body.code).toBe(0);
      expect(body.data).toHaveLength(1);
    }
  });
});

describe('the preferences of the original web client (enterprise/im/setting)', () => {
  it('keeps what it saves, form-encoded, and answers it at the next login; a bad value changes nothing', async () => {
    const { account, password } = await registerUser();
    const login = async () => {
      const res = await fetchWorker('/common/pub/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'cf-connecting-ip': uniqueIp() },
        body: new URLSearchParams({ account, password }).toString(),
      });
      return ((await res.json()) as { data: { sessionId: string; authToken: string; userInfo: any } }).data;
    };
    const first = await login();
    const headers = { authorization: first.authToken, sessionid: first.sessionId };
    const saved = await originalCall(
      '/enterprise/im/setting',
      'theme=blue&isVoice=false&sendKey=2&avatarCricle=true&hideMessageName=false&hideMessageTime=true',
      headers,
    );
    expect(saved.body.code).toBe(0);
    const bad = await originalCall('/enterprise/im/setting', 'sendKey=9&theme=%3Cx%3E', headers);
    expect(bad.body.code).not.toBe(0);
    const expected = {
      theme: 'blue',
      isVoice: false,
      sendKey: 2,
      avatarCricle: true,
      hideMessageName: false,
      hideMessageTime: true,
    };
    expect((await login()).userInfo.setting).toEqual(expected);
    const mine = await originalCall('/enterprise/im/getUserInfo', '', headers);
    expect(mine.body.data.setting).toEqual(expected);
  });
});
