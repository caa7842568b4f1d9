// Push endpoints are push services: the Worker POSTs to a subscription's endpoint,
// so only https on port 443 at a known push service host is taken (FCM, Mozilla autopush, Apple,
// Windows), never an IP literal, localhost, another port or userinfo; a row stored before the rule
// is never fetched; a push service's redirect is not followed (a failure); and a subscription ends
// with its login: expired or revoked, it gets no push and is deleted. The push service is the test's
// (push-service.ts), standing in for FCM's host.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { call, eventually, loginUser, quickUser, signToken, textMessage, uniqueAccount } from './helpers';
import { type Browser, newBrowser, PushService } from './push-service';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const subscribe = (token: string, b: Pick<Browser, 'endpoint' | 'keys'>) =>
  call('/common/push/subscribe', { endpoint: b.endpoint, keys: b.keys }, { token });
const send = (from: { token: string }, to: { uid: number }, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(to.uid, text), { token: from.token });
const rows = async (endpoint: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?1')
    .bind(endpoint)
    .first<{ n: number }>())!.n;
/** Every URL the Worker fetched since the test began. */
const fetched = () => vi.mocked(fetch).mock.calls.map(([input]) => new Request(input as RequestInfo).url);

async function person(name: string) {
  const { account } = await quickUser(uniqueAccount(), name);
  const login = await loginUser(account);
  return { ...login, uid: login.userInfo.user_id as number };
}

let service: PushService;
beforeEach(() => {
  service = new PushService();
  service.install();
});
afterEach(() => vi.restoreAllMocks());

describe('subscribing', () => {
  it('refuses endpoints that are not a push service over https on 443, storing nothing', async () => {
    const a = await person('Ann');
    const { keys } = await newBrowser();
    for (const endpoint of [
      'https://127.0.0.1:8443/',
      'https://attacker.example/',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://[::1]/',
      'https://localhost/push',
      'https://10.0.0.1/push',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://push.apple.com.attacker.example/3/device/abc',
      'https://evilnotify.windows.com/w/?token=abc',
    ]) {
      const reply = await subscribe(a.token, { endpoint, keys });
      expect(reply.body, endpoint).toMatchObject({ code: 400, msg: 'Invalid parameters' });
      expect(await rows(endpoint), endpoint).toBe(0);
    }
    const inVietnamese = await call(
      '/common/push/subscribe',
      { endpoint: 'https://attacker.example/', keys },
      {
        token: a.token,
        lang: 'vi',
      },
    );
    expect(inVietnamese.body.code).toBe(400);
    expect(inVietnamese.body.msg).not.toBe('Invalid parameters');
  });

  it("takes the browsers' push services", async () => {
    const a = await person('Ann');
    const { keys } = await newBrowser();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://fcm.googleapis.com:443/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect((await subscribe(a.token, { endpoint, keys })).body.code, endpoint).toBe(0);
      expect(await rows(endpoint), endpoint).toBe(1);
    }
  });
});

describe('pushing', () => {
  it('never fetches a stored endpoint that is no push service, and deletes it', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const good = service.add(await newBrowser());
    await subscribe(b.token, good);
    // A row from before the rule, at a host of the attacker's choosing.
    const planted = 'https://attacker.example/collect';
    await env.DB.prepare('UPDATE push_subscriptions SET endpoint = ?1 WHERE endpoint = ?2')
      .bind(planted, good.endpoint)
      .run();
    await subscribe(b.token, good);
    await send(a, b, 'hello');
    await eventually(async () => {
      if (service.delivered.length === 0) throw new Error('no push yet');
    });
    await eventually(async () => {
      if ((await rows(planted)) !== 0) throw new Error('still stored');
    });
    expect(fetched()).not.toContain(planted);
  });

  it("does not follow a push service's redirect: it is a failure", async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const browser = service.add(await newBrowser());
    await subscribe(b.token, browser);
    service.redirect.set(browser.endpoint, 'https://attacker.example/collect');
    await send(a, b, 'where does this go?');
    await eventually(async () => {
      if (!service.requests.get(browser.endpoint)) throw new Error('not asked yet');
    });
    await sleep(300);
    expect(service.followed).toEqual([]);
    expect(service.requests.get(browser.endpoint)).toBe(1); // a failure, not retried
    expect(service.delivered).toEqual([]);
  });

  it("sends nothing to a subscription whose login expired, and deletes it; the user's live login still gets it", async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const now = Math.floor(Date.now() / 1000);
    // A login of Bob's whose token runs out in two seconds and is never renewed.
    const brief =
      'bearer ' + (await signToken({ uid: b.uid, sid: crypto.randomUUID(), sat: now }, { iat: now, exp: now + 2 }));
    const [gone, live] = [service.add(await newBrowser()), service.add(await newBrowser())];
    expect((await subscribe(brief, gone)).body.code).toBe(0);
    expect((await subscribe(b.token, live)).body.code).toBe(0);
    await sleep(2500);
    await send(a, b, 'still there?');
    await eventually(async () => {
      if (!service.delivered.some((d) => d.endpoint === live.endpoint)) throw new Error('no push yet');
    });
    await eventually(async () => {
      if ((await rows(gone.endpoint)) !== 0) throw new Error('still stored');
    });
    expect(service.requests.get(gone.endpoint)).toBeUndefined();
  });

  it('keeps pushing to a login whose token was renewed past the first one', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const now = Math.floor(Date.now() / 1000);
    // Past half its life: the next request renews it (x-refresh-token), and the login lives on.
    const old =
      'bearer ' +
      (await signToken({ uid: b.uid, sid: crypto.randomUUID(), sat: now - 100 }, { iat: now - 100, exp: now + 2 }));
    const browser = service.add(await newBrowser());
    const reply = await subscribe(old, browser);
    expect(reply.body.code).toBe(0);
    expect(reply.headers.get('x-refresh-token')).toBeTruthy();
    await sleep(2500);
    await send(a, b, 'renewed');
    await eventually(async () => {
      if (!service.delivered.some((d) => d.endpoint === browser.endpoint)) throw new Error('no push yet');
    });
    expect(await rows(browser.endpoint)).toBe(1);
  });

  it('sends nothing to a subscription whose login was revoked (straight in D1, as by another isolate)', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const now = Math.floor(Date.now() / 1000);
    const sid = crypto.randomUUID();
    const other = 'bearer ' + (await signToken({ uid: b.uid, sid, sat: now }));
    const [revoked, live] = [service.add(await newBrowser()), service.add(await newBrowser())];
    await subscribe(other, revoked);
    await subscribe(b.token, live);
    await env.DB.prepare('INSERT INTO token_revocations (jti, expires_at) VALUES (?1, ?2)')
      .bind(sid, now + 3600)
      .run();
    await send(a, b, 'only the live one');
    await eventually(async () => {
      if (!service.delivered.some((d) => d.endpoint === live.endpoint)) throw new Error('no push yet');
    });
    await eventually(async () => {
      if ((await rows(revoked.endpoint)) !== 0) throw new Error('still stored');
    });
    expect(service.requests.get(revoked.endpoint)).toBeUndefined();
  });
});
