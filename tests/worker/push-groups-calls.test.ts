// Web Push beyond one-to-one messages: group messages reach a member without a
// socket even after the group parked them (conversation/fanout/parking.ts notify), a muted group only by a mention,
// being added to a group notifies, the "Show message text" setting hides the text, and a call to
// someone without a socket rings their subscriptions and waits for them. The push service is the
// test's own (push-service.ts): it verifies every VAPID JWT and decrypts every body.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { callId, dial, lockOf, sendToMsg, webrtcFrame } from './call-helpers';
import { createGroup, type User } from './group-helpers';
import {
  call,
  delivered,
  eventually,
  inObject,
  loginUser,
  pairHub,
  quickUser,
  textMessage,
  uniqueAccount,
} from './helpers';
import { type Browser, newBrowser, PushService } from './push-service';
import { connect } from './socket-helpers';

const conversationHubStub = (id: string) => conversationHub(env, id) as unknown as DurableObjectStub;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const subscribe = (token: string, b: Pick<Browser, 'endpoint' | 'keys'>, lang = 'en') =>
  call('/common/push/subscribe', { endpoint: b.endpoint, keys: b.keys }, { token, lang });
const say = (from: { token: string }, to: string | number, text: string, more: Record<string, unknown> = {}) =>
  call('/enterprise/im/sendMessage', { ...textMessage(to, text), ...more }, { token: from.token });

type Person = User & { uid: number };
async function person(name: string): Promise<Person> {
  const { account } = await quickUser(uniqueAccount(), name);
  const login = await loginUser(account);
  return { ...login, uid: login.userInfo.user_id as number };
}

/** The bodies pushed to `browser` so far. */
const bodies = (service: PushService, browser: Browser) =>
  service.delivered.filter((d) => d.endpoint === browser.endpoint).map((d) => d.payload.notification.body as string);

async function pushedTo(service: PushService, browser: Browser, count: number, timeoutMs = 4000) {
  return eventually(async () => {
    const got = service.delivered.filter((d) => d.endpoint === browser.endpoint);
    if (got.length < count) throw new Error(`${got.length} of ${count} pushes`);
    return got;
  }, timeoutMs);
}

let service: PushService;
beforeEach(() => {
  service = new PushService();
  service.install();
});
afterEach(() => vi.restoreAllMocks());

describe('group messages', () => {
  it('reach a member without a socket, message after message, naming the group and the sender', async () => {
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const group = await createGroup(ann, [bob, cat], 'Hikers');
    const phone = service.add(await newBrowser());
    await subscribe(cat.token, phone);
    const annSocket = await connect(ann.token, 'ann');
    const bobSocket = await connect(bob.token, 'bob');
    for (const text of ['one', 'two', 'three']) expect((await say(ann, group, text)).body.code).toBe(0);
    await bobSocket.until((f) => f.filter((x) => x.type === 'group').length >= 3);
    // The first reached Cat's hub (which answered "no socket, but a subscription"); the next two only built pushes.
    await eventually(async () => {
      if (bodies(service, phone).at(-1) !== '[3 messages] Ann: three') throw new Error(bodies(service, phone).join());
    });
    // Cat is parked (the group calls Cat's hub only for what notifies), not delivered every message.
    expect(await inObject(conversationHubStub(group), (hub) => hub.fanout.parking.isParked(cat.uid))).toBe(true);
    const last = service.delivered.at(-1)!;
    expect(last.payload.notification).toMatchObject({
      title: 'Hikers',
      navigate: `http://parley.test/#/pages/message/chat?id=${group}`,
    });
    expect(last.headers.get('topic')).toBe(`chat-${group}`);
    // Nothing for those with a socket, nor for the sender.
    expect(service.delivered.every((d) => d.endpoint === phone.endpoint)).toBe(true);
    expect(service.refused).toEqual([]);
    annSocket.close();
    bobSocket.close();
  });

  it('in a muted group notify only a mention of the member or of everyone', async () => {
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const group = await createGroup(ann, [bob, cat], 'Quiet');
    await sleep(200); // (subscribed after being added, so no "added to the group" note)
    const phone = service.add(await newBrowser());
    await subscribe(cat.token, phone);
    expect((await call('/enterprise/im/isNotice', { id: group, is_notice: 0 }, { token: cat.token })).body.code).toBe(
      0,
    );
    await say(ann, group, 'chatter');
    await say(ann, group, 'more chatter');
    await say(ann, group, '@Bob only', { at: [bob.uid] });
    await say(ann, group, '@Cat look', { at: [cat.uid] });
    await pushedTo(service, phone, 1);
    const all = await say(ann, group, '@all lunch', { at: [0] });
    expect(all.body.data.extends).toEqual({ at: [0] });
    await pushedTo(service, phone, 2);
    await sleep(300);
    const said = bodies(service, phone).map((b) => b.replace(/^\[\d+ messages\] /, ''));
    expect(said).toEqual(['Ann: @Cat look', 'Ann: @all lunch']);
  });

  it('tell someone they were added to a group, and not the one who added them', async () => {
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const [annPhone, bobPhone] = [service.add(await newBrowser()), service.add(await newBrowser())];
    await subscribe(ann.token, annPhone);
    await subscribe(bob.token, bobPhone, 'vi');
    await createGroup(ann, [bob], 'Book club');
    const [push] = await pushedTo(service, bobPhone, 1);
    expect(push!.payload.notification).toMatchObject({ title: 'Book club', body: 'Bạn đã được thêm vào nhóm' });
    await sleep(300);
    expect(bodies(service, annPhone).filter((b) => b.includes('thêm') || b.includes('added'))).toEqual([]);
  });
});

describe('"Show message text in notifications"', () => {
  it('is on by default, and off a notification says only who wrote and how many', async () => {
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const phone = service.add(await newBrowser());
    await subscribe(bob.token, phone);
    expect((await call('/common/push/publicKey', {}, { token: bob.token })).body.data.show_text).toBe(1);
    const off = await call('/common/push/setting', { show_text: 0 }, { token: bob.token });
    expect(off.body).toMatchObject({ code: 0, data: { show_text: 0 } });
    expect((await call('/common/push/publicKey', {}, { token: bob.token })).body.data.show_text).toBe(0);
    await say(ann, bob.uid, 'my PIN is 1234');
    await say(ann, bob.uid, 'and the door code 42');
    await delivered(pairHub(ann.uid, bob.uid).stub);
    await eventually(async () => {
      if (bodies(service, phone).at(-1) !== '[2 messages] New message') throw new Error(bodies(service, phone).join());
    });
    expect(JSON.stringify(service.delivered)).not.toMatch(/PIN|door/);
  });

  it('refuses anything but 0 or 1, with the envelope', async () => {
    const bob = await person('Bob');
    const bad = await call('/common/push/setting', { show_text: 'yes' }, { token: bob.token });
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.msg).toBeTruthy();
  });
});

describe('a call to someone without a socket', () => {
  it('rings their subscription, waits for them, and can be answered from the socket they open', async () => {
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const phone = service.add(await newBrowser());
    await subscribe(bob.token, phone);
    const annSocket = await connect(ann.token, 'ann');
    const id = callId();
    const answer = await dial(ann, bob, id);
    expect(answer.body.data.extends).toMatchObject({ event: 'calling' });
    const [push] = await pushedTo(service, phone, 1);
    expect(push!.payload.notification).toMatchObject({
      title: 'Ann',
      body: 'Incoming video call',
      navigate: `http://parley.test/#/pages/message/chat?id=${ann.uid}`,
    });
    expect(push!.headers.get('urgency')).toBe('high');
    expect(Number(push!.headers.get('ttl'))).toBeLessThanOrEqual(40);
    expect(push!.headers.get('topic')).toBe('call');
    expect(await lockOf(bob.uid)).toMatchObject({ id, phase: 'ringing' });

    // Bob taps the notification: the app's socket rings with the call, and he answers it.
    const bobSocket = await connect(bob.token, 'bob');
    await webrtcFrame(bobSocket, id, 'calling');
    expect((await sendToMsg(bob.token, { id, toContactId: ann.uid, event: 'acceptRtc' })).body.code).toBe(0);
    await webrtcFrame(annSocket, id, 'acceptRtc');
    annSocket.close();
    bobSocket.close();
  });

  it('is still busy (offline) for someone who never allowed notifications', async () => {
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const annSocket = await connect(ann.token, 'ann');
    const answer = await dial(ann, bob, callId());
    expect(answer.body.data.extends).toMatchObject({ event: 'busy', action: 'offline' });
    expect(service.delivered).toEqual([]);
    annSocket.close();
  });
});
