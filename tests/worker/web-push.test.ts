// Web Push (one-to-one chats; groups and calls in push-groups-calls.test.ts): our RFC 8291 module against the RFC's own
// vector, the subscription routes, and the UserHub's pushes as a push service written in the test
// sees them (push-service.ts verifies the VAPID JWT and decrypts every body).
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { fromBase64Url, toBase64Url } from '../../worker/services/base64url';
import { encryptPayload, privateJwk } from '../../worker/services/web-push';
import { call, delivered, eventually, loginUser, pairHub, quickUser, textMessage, uniqueAccount } from './helpers';
import { type Browser, newBrowser, PushService } from './push-service';
import { connect } from './socket-helpers';

// RFC 8291 Appendix A.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const bytes = (text: string) => fromBase64Url(text)!;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const subscribe = (token: string, b: Pick<Browser, 'endpoint' | 'keys'>) =>
  call('/common/push/subscribe', { endpoint: b.endpoint, keys: b.keys }, { token });
const send = (from: { token: string }, to: { uid: number }, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(to.uid, text), { token: from.token });
const rows = async (endpoint: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE endpoint = ?1')
    .bind(endpoint)
    .first<{ n: number }>())!.n;

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

describe('RFC 8291 encryption', () => {
  it("produces exactly the RFC's Appendix A body from its keys and salt", async () => {
    const asPublic = bytes(RFC.asPublic);
    const ephemeral = {
      publicKey: await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, true, []),
      privateKey: await crypto.subtle.importKey(
        'jwk',
        privateJwk(asPublic, bytes(RFC.asPrivate)),
        { name: 'ECDH', namedCurve: 'P-256' },
        false,
        ['deriveBits'],
      ),
    };
    const body = await encryptPayload(
      { p256dh: RFC.uaPublic, auth: RFC.authSecret },
      new TextEncoder().encode(RFC.plaintext),
      { salt: bytes(RFC.salt), ephemeral },
    );
    expect(toBase64Url(body)).toBe(RFC.body);
  });
});

describe('push subscriptions', () => {
  it('refuses a subscription whose endpoint is not https, with the envelope', async () => {
    const a = await person('Ann');
    const b = await newBrowser();
    const reply = await subscribe(a.token, { ...b, endpoint: 'http://push.parley.test/send/x' });
    expect(reply.body.code).not.toBe(0);
    expect(reply.body.msg).toBe('Invalid parameters');
    expect(await rows('http://push.parley.test/send/x')).toBe(0);
  });

  it('refuses keys of the wrong length or alphabet', async () => {
    const a = await person('Ann');
    const b = await newBrowser();
    for (const keys of [
      { p256dh: b.keys.p256dh.slice(0, 60), auth: b.keys.auth },
      { p256dh: b.keys.p256dh, auth: `${b.keys.auth}AAAA` },
      { p256dh: b.keys.p256dh.replace(/.$/, '+'), auth: b.keys.auth },
    ]) {
      const reply = await subscribe(a.token, { endpoint: b.endpoint, keys });
      expect(reply.body.code).not.toBe(0);
    }
    expect(await rows(b.endpoint)).toBe(0);
  });

  it('keeps at most five subscriptions per user, the newest', async () => {
    const a = await person('Ann');
    const browsers = [];
    for (let i = 0; i < 6; i++) {
      const b = await newBrowser();
      browsers.push(b);
      expect((await subscribe(a.token, b)).body.code).toBe(0);
    }
    expect(await rows(browsers[0]!.endpoint)).toBe(0);
    for (const b of browsers.slice(1)) expect(await rows(b.endpoint)).toBe(1);
  });

  it("removes only that login's subscription at logout, and all of them at logoutAll", async () => {
    const a = await person('Ann');
    const other = await loginUser(a.account);
    const [mine, theirs] = [await newBrowser(), await newBrowser()];
    await subscribe(a.token, mine);
    await subscribe(other.token, theirs);
    await call('/common/pub/logout', undefined, { token: a.token });
    expect(await rows(mine.endpoint)).toBe(0);
    expect(await rows(theirs.endpoint)).toBe(1);
    await call('/common/pub/logoutAll', undefined, { token: other.token });
    expect(await rows(theirs.endpoint)).toBe(0);
  });

  it('removes every subscription of a user who changes their password', async () => {
    const a = await person('Ann');
    const b = await newBrowser();
    await subscribe(a.token, b);
    const reply = await call(
      '/enterprise/im/editPassword',
      { originalPassword: 'secret12', password: 'secret34' },
      { token: a.token },
    );
    expect(reply.body.code).toBe(0);
    expect(await rows(b.endpoint)).toBe(0);
  });

  it('tells a signed-in client the VAPID public key, never the private one', async () => {
    const a = await person('Ann');
    const reply = await call('/common/push/publicKey', {}, { token: a.token });
    expect(reply.body.data).toEqual({ publicKey: env.VAPID_PUBLIC_KEY, show_text: 1 });
    expect(JSON.stringify(reply.body)).not.toContain(env.VAPID_PRIVATE_KEY);
  });
});

describe('pushes of one-to-one messages', () => {
  it('reaches a user without a socket, encrypted, naming the sender and the chat', async () => {
    const [a, b] = [await person('Ann Sender'), await person('Bob')];
    const browser = service.add(await newBrowser());
    await subscribe(b.token, browser);
    expect((await send(a, b, 'lunch at noon?')).body.code).toBe(0);
    const [push] = await eventually(async () => {
      if (service.delivered.length === 0) throw new Error('no push yet');
      return service.delivered;
    });
    expect(service.refused).toEqual([]);
    expect(push!.payload).toEqual({
      web_push: 8030,
      notification: {
        title: 'Ann Sender',
        body: 'lunch at noon?',
        navigate: `http://parley.test/#/pages/message/chat?id=${a.uid}`,
        app_badge: 1,
      },
    });
    expect(push!.headers.get('topic')).toBe(`chat-${a.uid}`);
    expect(push!.headers.get('urgency')).toBe('normal');
    expect(Number(push!.headers.get('ttl'))).toBeGreaterThan(0);
  });

  it('sends nothing while the user has a socket', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    await subscribe(b.token, service.add(await newBrowser()));
    const socket = await connect(b.token);
    await send(a, b, 'you are here');
    await socket.next((f) => f.type === 'simple');
    await sleep(300);
    expect(service.delivered).toEqual([]);
    socket.close();
  });

  it('sends nothing for a muted chat, nor for the user their own message', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    await subscribe(a.token, service.add(await newBrowser()));
    await subscribe(b.token, service.add(await newBrowser()));
    expect((await call('/enterprise/im/isNotice', { id: a.uid, is_notice: 0 }, { token: b.token })).body.code).toBe(0);
    await send(a, b, 'muted'); // muted for b, and a's own message for a
    await delivered(pairHub(a.uid, b.uid).stub); // delivered while muted, not after the next call
    await sleep(200);
    await call('/enterprise/im/isNotice', { id: a.uid, is_notice: 1 }, { token: b.token });
    await send(a, b, 'loud');
    await eventually(async () => {
      if (!service.delivered.some((d) => d.payload.notification.body.endsWith('loud'))) throw new Error('waiting');
    });
    await sleep(200);
    // Two unread now (the muted one counts), but only one notification.
    expect(service.delivered.map((d) => d.payload.notification.body)).toEqual(['[2 messages] loud']);
  });

  it('forgets a subscription the push service answers 410 for', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const browser = service.add(await newBrowser());
    await subscribe(b.token, browser);
    service.status.set(browser.endpoint, 410);
    await send(a, b, 'anyone?');
    await eventually(async () => {
      if ((await rows(browser.endpoint)) !== 0) throw new Error('still subscribed');
    });
  });

  it('gives ten messages in a row one Topic, one request at a time, the last one counting them all', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const browser = service.add(await newBrowser());
    await subscribe(b.token, browser);
    service.delayMs = 100; // a push service slower than the sender
    for (let i = 1; i <= 10; i++) await send(a, b, `message ${i}`);
    await eventually(async () => {
      if (service.delivered.at(-1)?.payload.notification.body !== '[10 messages] message 10')
        throw new Error('waiting');
    }, 5000);
    expect(new Set(service.delivered.map((d) => d.headers.get('topic')))).toEqual(new Set([`chat-${a.uid}`]));
    expect(service.delivered.at(-1)!.payload.notification.app_badge).toBe(10);
    // Notes not yet sent were replaced by the newer ones of the chat, never sent side by side.
    expect(service.requests.get(browser.endpoint)).toBeLessThan(10);
    expect(service.maxInFlight).toBe(1);
    expect(service.refused).toEqual([]);
  });

  it('asks a push service that answers 503 again, with backoff, and then gives up', async () => {
    const [a, b] = [await person('Ann'), await person('Bob')];
    const browser = service.add(await newBrowser());
    await subscribe(b.token, browser);
    service.script.set(browser.endpoint, [503, 429]);
    await send(a, b, 'third time lucky');
    await eventually(async () => {
      if (service.delivered.length === 0) throw new Error('waiting');
    }, 6000);
    expect(service.requests.get(browser.endpoint)).toBe(3);
    service.status.set(browser.endpoint, 500);
    await send(a, b, 'never');
    await eventually(async () => {
      if (service.requests.get(browser.endpoint)! < 6) throw new Error('waiting');
    }, 6000);
    await sleep(3500);
    expect(service.requests.get(browser.endpoint)).toBe(6); // three tries, no more
    expect(await rows(browser.endpoint)).toBe(1); // a failing service is not a gone subscription
  }, 15_000);
});
