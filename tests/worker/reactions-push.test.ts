// A reaction's Web Push: only the message's author hears of it, only when a
// reaction is added by someone else, in their language, never in a muted chat; a group that parked
// the author (no socket) still has their hub build it. The push service is the test's own
// (push-service.ts): it verifies every VAPID JWT and decrypts every body.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
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

type Person = User & { uid: number };
async function person(name: string): Promise<Person> {
  const { account } = await quickUser(uniqueAccount(), name);
  const login = await loginUser(account);
  return { ...login, uid: login.userInfo.user_id as number };
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const subscribe = (token: string, b: Pick<Browser, 'endpoint' | 'keys'>, lang = 'en') =>
  call('/common/push/subscribe', { endpoint: b.endpoint, keys: b.keys }, { token, lang });
const say = async (from: Person, to: string | number, text: string) => {
  const sent = await call('/enterprise/im/sendMessage', textMessage(to, text), { token: from.token });
  expect(sent.body.code).toBe(0);
  return sent.body.data as { msg_id: number };
};
const react = async (as: Person, to: number | string, msgId: number, emoji: string) =>
  expect(
    (await call('/enterprise/im/reactMessage', { toContactId: to, msg_id: msgId, emoji }, { token: as.token })).body
      .code,
  ).toBe(0);
const bodies = (service: PushService, browser: Browser) =>
  service.delivered.filter((d) => d.endpoint === browser.endpoint).map((d) => d.payload.notification.body as string);
const reactionBodies = (service: PushService, browser: Browser) =>
  bodies(service, browser).filter((b) => /react|bày tỏ|回应/.test(b));

let service: PushService;
beforeEach(() => {
  service = new PushService();
  service.install();
});
afterEach(() => vi.restoreAllMocks());

describe('a reaction’s push', () => {
  it('tells the author alone that someone reacted, once per reaction added, in their language', async () => {
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const [annPhone, bobPhone] = [service.add(await newBrowser()), service.add(await newBrowser())];
    await subscribe(ann.token, annPhone);
    await subscribe(bob.token, bobPhone, 'vi');
    const bobs = await say(bob, ann.uid, 'Lunch?');
    const anns = await say(ann, bob.uid, 'Sure');
    await react(ann, bob.uid, bobs.msg_id, '👍');
    await eventually(async () => {
      if (reactionBodies(service, bobPhone).length === 0) throw new Error(bodies(service, bobPhone).join());
    });
    const push = service.delivered.filter((d) => d.endpoint === bobPhone.endpoint).at(-1)!;
    expect(push.payload.notification).toMatchObject({
      title: 'Ann',
      body: 'Ann đã bày tỏ cảm xúc 👍 với tin nhắn của bạn',
      navigate: `http://parley.test/#/pages/message/chat?id=${ann.uid}`,
    });
    expect(push.headers.get('topic')).toBe(`react-${ann.uid}`);
    // Taking it back and reacting to one's own message tell nobody; Bob's reaction to Ann's tells Ann only.
    await react(ann, bob.uid, bobs.msg_id, '👍');
    await react(bob, ann.uid, bobs.msg_id, '❤️');
    await react(ann, bob.uid, anns.msg_id, '😂');
    await react(bob, ann.uid, anns.msg_id, '😮');
    await delivered(pairHub(ann.uid, bob.uid).stub);
    await eventually(async () => {
      if (reactionBodies(service, annPhone).length === 0) throw new Error(bodies(service, annPhone).join());
    });
    await sleep(300);
    expect(reactionBodies(service, bobPhone)).toEqual(['Ann đã bày tỏ cảm xúc 👍 với tin nhắn của bạn']);
    expect(reactionBodies(service, annPhone)).toEqual(['Bob reacted 😮 to your message']);
    expect(service.refused).toEqual([]);
  });

  it('reaches a group member the group parked, and never in a muted group', async () => {
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const group = await createGroup(ann, [bob, cat], 'Hikers');
    await sleep(200); // (subscribed after being added, so no "added to the group" note)
    const phone = service.add(await newBrowser());
    await subscribe(cat.token, phone);
    const cats = await say(cat, group, 'Summit at dawn?');
    await say(ann, group, 'Yes');
    const hub = conversationHub(env, group) as unknown as DurableObjectStub;
    await eventually(async () => {
      if (!(await inObject(hub, (h) => h.fanout.parking.isParked(cat.uid)))) throw new Error('not parked yet');
    });
    await react(bob, group, cats.msg_id, '🙏');
    await eventually(async () => {
      if (reactionBodies(service, phone).length === 0) throw new Error(bodies(service, phone).join());
    });
    expect(reactionBodies(service, phone)).toEqual(['Bob reacted 🙏 to your message']);
    // Muted: no reaction reaches the phone.
    expect((await call('/enterprise/im/isNotice', { id: group, is_notice: 0 }, { token: cat.token })).body.code).toBe(
      0,
    );
    await react(ann, group, cats.msg_id, '👍');
    await sleep(400);
    expect(reactionBodies(service, phone)).toEqual(['Bob reacted 🙏 to your message']);
  });
});
