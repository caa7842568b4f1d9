// Abuse limits: a caller over a limit gets HTTP 429 with the translated "try again in N s" and
// the call changes nothing. Burst limits are the rate-limiting binding (Miniflare runs it here);
// each test fills its caller's counter through the binding itself, up to the number wrangler.toml
// sets, so it needs no hundreds of real requests and checks the number that ships.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { ipBucket } from '../../worker/services/client-ip';
import { signQrToken } from '../../worker/services/qr-tokens';
import wranglerToml from '../../wrangler.toml?raw';
import { createGroup, groupCall } from './group-helpers';
import {
  call,
  fetchWorker,
  loginUser,
  pngBytes,
  registerUser,
  resetConfig,
  setConfig,
  setSysInfo,
  TEST_JWT_SECRET,
  textMessage,
  uniqueAccount,
  uniqueIp,
  uniquePhone,
  uploadFile,
} from './helpers';

type Limiter = 'SEND_LIMITER' | 'TICKET_LIMITER' | 'LOOKUP_LIMITER' | 'REGISTER_LIMITER' | 'CODE_LIMITER';

/** The limit wrangler.toml gives a `[[ratelimits]]` binding, and its period in seconds. */
function configured(name: Limiter): { limit: number; period: number } {
  const block = new RegExp(`name = "${name}"[^\\[]*?simple = \\{ limit = (\\d+), period = (\\d+) \\}`).exec(
    wranglerToml,
  );
  if (!block) throw new Error(`${name} is not in wrangler.toml`);
  return { limit: Number(block[1]), period: Number(block[2]) };
}

/**
 * Counts `uses` against `key` straight through the binding. Local windows are aligned to the
 * clock, so a test that would straddle a window's end first waits for the next one.
 */
async function spend(name: Limiter, key: string, uses: number) {
  const { period } = configured(name);
  const left = period * 1000 - (Date.now() % (period * 1000));
  if (left < 8000) await new Promise((r) => setTimeout(r, left + 50));
  for (let i = 0; i < uses; i++) expect((await env[name].limit({ key })).success).toBe(true);
}

/** How many more calls `key` may make now (using them all up). */
async function remaining(name: Limiter, key: string) {
  let n = 0;
  while ((await env[name].limit({ key })).success) n++;
  return n;
}

const TOO_MANY = /^Too many requests, please try again in \d+ s$/;

function expectTooMany(reply: { status: number; headers: Headers; body: { code: number; msg: string } }) {
  expect(reply.status).toBe(429);
  expect(reply.body.code).toBe(400);
  expect(reply.body.msg).toMatch(TOO_MANY);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

const history = async (token: string, peer: number) =>
  (await call('/enterprise/im/getMessageList', { toContactId: peer, limit: 100 }, { token })).body.data as {
    content: string;
  }[];

afterEach(resetConfig);

describe('sending messages', () => {
  it('refuses a sender over the send limit with 429, storing nothing', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { limit } = configured('SEND_LIMITER');
    expect(limit).toBeGreaterThanOrEqual(200);
    await spend('SEND_LIMITER', `u:${a.userInfo.user_id}`, limit - 2);
    const replies = [];
    for (const text of ['one', 'two', 'three'])
      replies.push(await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, text), { token: a.token }));
    expect(replies.slice(0, 2).map((r) => r.body.code)).toEqual([0, 0]);
    expectTooMany(replies[2]!);
    expect((await history(b.token, a.userInfo.user_id)).map((m) => m.content)).toEqual(['one', 'two']);
  });

  it('counts a forward by its copies and refuses it over the limit, copying nothing', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const key = `u:${a.userInfo.user_id}`;
    const { limit } = configured('SEND_LIMITER');
    await spend('SEND_LIMITER', key, 0);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'pass it on'), {
      token: a.token,
    });
    const forward = {
      msg_id: sent.body.data.msg_id,
      toContactId: b.userInfo.user_id,
      user_ids: [c.userInfo.user_id, d.userInfo.user_id],
    };
    expect((await call('/enterprise/im/forwardMessage', forward, { token: a.token })).body.code).toBe(0);
    expect(await remaining('SEND_LIMITER', key)).toBe(limit - 3);
    const refused = await call('/enterprise/im/forwardMessage', forward, { token: a.token });
    expectTooMany(refused);
    expect(await history(c.token, a.userInfo.user_id)).toHaveLength(1);
  });

  it('keeps chatInfo.sendInterval: one message per interval per user, forwards exempt', async () => {
    await setConfig('chatInfo', { sendInterval: '30' });
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const first = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'first'), {
      token: a.token,
    });
    expect(first.body.code).toBe(0);
    const second = await call('/enterprise/im/sendMessage', textMessage(c.userInfo.user_id, 'second'), {
      token: a.token,
    });
    expect(second.status).toBe(429);
    expect(second.body.msg).toMatch(/^You can send one message every 30 seconds; please try again in (30|29) s$/);
    expect(await history(c.token, a.userInfo.user_id)).toHaveLength(0);
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: first.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id] },
      { token: a.token },
    );
    expect(forward.body.code).toBe(0);
    // Another user is not held back by a's interval.
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'reply'), { token: b.token })).body
        .code,
    ).toBe(0);
  });

  it('lets exactly one of a parallel burst through when sendInterval is set', async () => {
    await setConfig('chatInfo', { sendInterval: '30' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, `m${i}`), { token: a.token }),
      ),
    );
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await history(b.token, a.userInfo.user_id)).toHaveLength(1);
  });

  it('answers a resend of a stored message (its answer was lost) within sendInterval as the first try, and still spaces new ones', async () => {
    await setConfig('chatInfo', { sendInterval: '30' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const message = textMessage(b.userInfo.user_id, 'answer lost');
    const first = await call('/enterprise/im/sendMessage', message, { token: a.token });
    expect(first.body.code).toBe(0);
    const resent = await call('/enterprise/im/sendMessage', message, { token: a.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({
      code: 0,
      data: { id: message.id, msg_id: first.body.data.msg_id, sendTime: first.body.data.sendTime },
    });
    const next = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'too soon'), {
      token: a.token,
    });
    expect(next.status).toBe(429);
    expect((await history(b.token, a.userInfo.user_id)).map((m) => m.content)).toEqual(['answer lost']);
  });

  it('applies sendInterval to uploads, which are messages too', async () => {
    await setConfig('chatInfo', { sendInterval: '30' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'hi'), { token: a.token })).body.code,
    ).toBe(0);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'p.png', pngBytes(4, 4));
    expect(up.status).toBe(429);
    expect(await history(b.token, a.userInfo.user_id)).toHaveLength(1);
  });
});

describe('uploads per day', () => {
  const filesOf = async (uid: number) =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM files WHERE user_id = ?1').bind(uid).first<number>('n')) ?? 0;

  it('refuses the upload over fileUpload.dayCount with 429 and stores nothing', async () => {
    await setConfig('fileUpload', { dayCount: '2' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    for (let i = 0; i < 2; i++)
      expect((await uploadFile(a.token, b.userInfo.user_id, `p${i}.png`, pngBytes(4, 4))).body.code).toBe(0);
    const third = await uploadFile(a.token, b.userInfo.user_id, 'p3.png', pngBytes(4, 4));
    expect(third.status).toBe(429);
    expect(third.body.msg).toMatch(TOO_MANY);
    expect(await filesOf(a.userInfo.user_id)).toBe(2);
    expect(await history(b.token, a.userInfo.user_id)).toHaveLength(2);
  });

  it('refuses the upload that would pass fileUpload.dayMb', async () => {
    await setConfig('fileUpload', { dayMb: '1' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const big = new Uint8Array(600 * 1024);
    big.set(pngBytes(4, 4));
    expect((await uploadFile(a.token, b.userInfo.user_id, 'big1.png', big)).body.code).toBe(0);
    const second = await uploadFile(a.token, b.userInfo.user_id, 'big2.png', big);
    expect(second.status).toBe(429);
    expect(await filesOf(a.userInfo.user_id)).toBe(1);
    // A small file still fits in what is left of the day's megabyte.
    expect((await uploadFile(a.token, b.userInfo.user_id, 'small.png', pngBytes(4, 4))).body.code).toBe(0);
  });
});

describe('sockets and lookups', () => {
  it('refuses socket tickets over the ticket limit, issuing none', async () => {
    const a = await loginUser();
    const { limit } = configured('TICKET_LIMITER');
    await spend('TICKET_LIMITER', `u:${a.userInfo.user_id}`, limit);
    const refused = await call('/common/pub/wsTicket', {}, { token: a.token });
    expectTooMany(refused);
    expect(refused.body.data).toBeNull();
  });

  it('refuses every look-up route once the shared look-up limit is spent, changing nothing', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const group = await createGroup(b, [c]);
    const { token } = await signQrToken(TEST_JWT_SECRET, 'g', group.slice('group-'.length));
    // Every route wired to LOOKUP_LIMITER, each with a body it would otherwise accept.
    const lookups: [string, unknown][] = [
      ['/enterprise/im/getContactInfo', { id: b.userInfo.user_id }],
      ['/enterprise/im/getUserInfo', { user_id: b.userInfo.user_id }],
      ['/enterprise/im/updateUserInfo', { motto: 'over the limit' }],
      ['/enterprise/im/searchUser', { keywords: b.account }],
      ['/enterprise/im/userList', { keywords: '' }],
      ['/enterprise/friend/add', { user_id: b.userInfo.user_id, remark: 'hi' }],
      ['/enterprise/group/joinGroup', { token }],
      ['/enterprise/group/getAllUser', {}],
    ];
    await spend('LOOKUP_LIMITER', `u:${a.userInfo.user_id}`, configured('LOOKUP_LIMITER').limit);
    for (const [path, body] of lookups) {
      const refused = await call(path, body, { token: a.token });
      expect(refused.status, path).toBe(429);
      expectTooMany(refused);
      expect(refused.body.data, path).toBeNull();
    }
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM friends WHERE create_user = ?1')
        .bind(a.userInfo.user_id)
        .first<number>('n'),
    ).toBe(0);
    expect(
      await env.DB.prepare('SELECT motto FROM users WHERE user_id = ?1')
        .bind(a.userInfo.user_id)
        .first<string>('motto'),
    ).not.toBe('over the limit');
    expect((await groupCall('groupUserList', { group_id: group }, b)).body.data).toHaveLength(2);
  });

  it('refuses contact look-ups over the look-up limit', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const { limit } = configured('LOOKUP_LIMITER');
    await spend('LOOKUP_LIMITER', `u:${a.userInfo.user_id}`, limit - 1);
    expect(
      (await call('/enterprise/im/getContactInfo', { id: b.userInfo.user_id }, { token: a.token })).body.code,
    ).toBe(0);
    const refused = await call('/enterprise/im/getContactInfo', { id: b.userInfo.user_id }, { token: a.token });
    expectTooMany(refused);
    expect(refused.body.data).toBeNull();
  });
});

/** The Worker as production runs it (no development tools) for one request, from `ip` or from no address. */
async function inProduction(path: string, body: unknown, ip?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': 'en',
    ...(ip ? { 'cf-connecting-ip': ip } : {}),
  };
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://parley.test${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    { ...env, DEV_MAILBOX: 'false' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

describe('per client address', () => {
  it('refuses registrations and codes without a client address in production, as login does, counting them under no shared address', async () => {
    await spend('REGISTER_LIMITER', 'ip:', 0);
    const { account: known, password } = await registerUser();
    const login = await inProduction('/common/pub/login', { account: known, password });
    expect(login.body).toMatchObject({ code: 400, msg: 'You do not have permission to do this' });
    const account = uniqueAccount();
    expect(await inProduction('/common/pub/register', { account, realname: 'Nowhere', password: 'secret12' })).toEqual(
      login,
    );
    expect(await inProduction('/common/pub/sendCode', { account: uniquePhone(), type: 1 })).toEqual(login);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE account = ?1').bind(account).first<number>('n'),
    ).toBe(0);
    expect(await remaining('REGISTER_LIMITER', 'ip:')).toBe(configured('REGISTER_LIMITER').limit);
    expect(await remaining('CODE_LIMITER', 'ip:')).toBe(configured('CODE_LIMITER').limit);
    // With an address, production registers as usual.
    expect(
      (await inProduction('/common/pub/register', { account, realname: 'Somewhere', password: 'secret12' }, uniqueIp()))
        .body.code,
    ).toBe(0);
  });

  it('refuses registrations over the per-IP limit, creating no account', async () => {
    const ip = uniqueIp();
    const { limit } = configured('REGISTER_LIMITER');
    await spend('REGISTER_LIMITER', `ip:${ip}`, limit);
    const account = uniqueAccount();
    const refused = await call('/common/pub/register', { account, realname: 'Late', password: 'secret12' }, { ip });
    expectTooMany(refused);
    const login = await call('/common/pub/login', { account, password: 'secret12' }, { ip: uniqueIp() });
    expect(login.body.code).not.toBe(0);
    // Another address registers as usual.
    expect((await registerUser()).user.account).toBeTruthy();
  });

  it('lets one of a parallel burst of registrations through within sysInfo.registerInterval', async () => {
    await setSysInfo({ registerInterval: '60' });
    const ip = uniqueIp();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('/common/pub/register', { account: uniqueAccount(), realname: 'Burst', password: 'secret12' }, { ip }),
      ),
    );
    expect(replies.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.body.code !== 0)) expectTooMany(refused);
  });

  it('refuses verification codes over the per-IP limit, sending none', async () => {
    const ip = uniqueIp();
    const { limit } = configured('CODE_LIMITER');
    await spend('CODE_LIMITER', `ip:${ip}`, limit);
    const account = uniquePhone();
    expectTooMany(await call('/common/pub/sendCode', { account, type: 1 }, { ip }));
    const mailbox = (await (await fetchWorker(`/dev/mailbox?account=${account}`)).json()) as { data: unknown[] };
    expect(mailbox.data).toHaveLength(0);
  });

  it('counts IPv6 clients by their /64: addresses of one network share the code limit, another network does not', async () => {
    const hextet = () => Math.floor(Math.random() * 0xffff).toString(16);
    const net = `2001:db8:${hextet()}:${hextet()}`;
    const { limit } = configured('CODE_LIMITER');
    await spend('CODE_LIMITER', 'unused', 0); // not too close to the window's end
    // The same network written every way a client's address may come.
    const forms = (i: number) =>
      [`${net}::${i.toString(16)}`, `${net.toUpperCase()}:0:0:0:${i.toString(16)}`, `${net}:${i.toString(16)}::1`][
        i % 3
      ]!;
    for (let i = 1; i <= limit; i++) {
      const reply = await call('/common/pub/sendCode', { account: uniquePhone(), type: 2 }, { ip: forms(i) });
      expect(reply.body.code, forms(i)).toBe(0);
    }
    const account = uniquePhone();
    expectTooMany(await call('/common/pub/sendCode', { account, type: 2 }, { ip: `${net}:aaaa:bbbb:cccc:dddd` }));
    const mailbox = (await (await fetchWorker(`/dev/mailbox?account=${account}`)).json()) as { data: unknown[] };
    expect(mailbox.data).toHaveLength(0);
    // The next /64 is someone else.
    const next = `2001:db8:${hextet()}:${hextet()}::1`;
    expect((await call('/common/pub/sendCode', { account, type: 2 }, { ip: next })).body.code).toBe(0);
  });

  it('reads an IPv6 address by its /64 and an IPv4-mapped one as its IPv4 (ipBucket)', () => {
    expect(ipBucket('2001:DB8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(ipBucket('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(ipBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(ipBucket('10.1.2.3')).toBe('10.1.2.3');
    expect(ipBucket('not:an::address::')).toBe('not:an::address::');
  });

  it('translates the refusal into Vietnamese and Chinese', async () => {
    const ip = uniqueIp();
    await spend('CODE_LIMITER', `ip:${ip}`, configured('CODE_LIMITER').limit);
    const vi = await call('/common/pub/sendCode', { account: uniquePhone(), type: 1 }, { ip, lang: 'vi' });
    expect(vi.body.msg).toMatch(/^Quá nhiều yêu cầu, vui lòng thử lại sau \d+ giây$/);
    const zh = await call('/common/pub/sendCode', { account: uniquePhone(), type: 1 }, { ip, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
  });
});
