// No cheap request makes expensive work: a search across a user's chats (recall by
// `id` alone, forward by `msg_id` alone, the original client's file panel) counts against
// FIND_LIMITER and asks at most FIND_MAX_CHATS hubs; an unbound socket of the original client is counted per
// address (UNBOUND_SOCKET_LIMITER); a original client's ping is answered without a hub call.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { FIND_MAX_CHATS } from '../../worker/compat/message-finder';
import { directConversation } from '../../worker/services/conversations';
import type { Ledger } from '../../worker/services/cost-ledger';
import {
  call,
  delivered,
  exhaustLimiter,
  fetchWorker,
  inObject,
  loginUser,
  pairHub,
  textMessage,
  uniqueIp,
  userHubStub,
} from './helpers';
import { connectOriginal } from './socket-helpers';

const TOO_MANY = /^Too many requests, please try again in \d+ s$/;

/** Uses up what `key` may still do on `binding` now (the tests' config raises both limits: vitest.worker.config.ts). */
async function drain(binding: 'FIND_LIMITER' | 'UNBOUND_SOCKET_LIMITER', key: string) {
  await exhaustLimiter(env[binding], key);
}

async function ledger(): Promise<Ledger> {
  return ((await (await fetchWorker('/dev/ledger')).json()) as { data: Ledger }).data;
}

const hubRequests = (l: Ledger, cls: string) => l.objects[cls]?.requests ?? 0;
const hubSocketMessages = (l: Ledger, cls: string) => l.objects[cls]?.socketMessages ?? 0;

/** `a` and `b` with a one-to-one chat holding one message from `b`. */
async function pairWithMessage() {
  const [a, b] = await Promise.all([loginUser(), loginUser()]);
  const text = textMessage(a.userInfo.user_id, 'hold on to this');
  const sent = await call('/enterprise/im/sendMessage', text, { token: b.token });
  expect(sent.body.code).toBe(0);
  await delivered(pairHub(a.userInfo.user_id, b.userInfo.user_id).stub);
  return { a, b, msgId: sent.body.data.msg_id as number };
}

describe('searches across chats', () => {
  it('asks at most FIND_MAX_CHATS hubs, the newest chats first, and says so when the message is not among them', async () => {
    const { a, b, msgId } = await pairWithMessage();
    const me = a.userInfo.user_id;
    // 120 more chats on a's list, written straight into the hub (older than the real one).
    await inObject(userHubStub(me), (hub) => {
      for (let i = 0; i < FIND_MAX_CHATS + 20; i++) {
        const peer = 900_000 + me * 200 + i;
        hub.parts.chats.ensureChat(String(peer), directConversation(me, peer), 0);
      }
    });
    const before = await ledger();
    const missing = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: msgId + 50, user_ids: [b.userInfo.user_id] },
      { token: a.token, lang: 'en' },
    );
    const after = await ledger();
    expect(missing.body).toMatchObject({
      code: 400,
      msg: `The message is not among your ${FIND_MAX_CHATS} most recent chats: name the chat it is in`,
    });
    expect(hubRequests(after, 'ConversationHub') - hubRequests(before, 'ConversationHub')).toBeLessThanOrEqual(
      FIND_MAX_CHATS,
    );
    // The real chat is the newest: a forward from it is found among the first ones.
    const found = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: msgId, user_ids: [b.userInfo.user_id] },
      { token: a.token, lang: 'en' },
    );
    expect(found.body.code).toBe(0);
  });

  it('refuses recall and forward without the chat, and the file panel, with 429 once FIND_LIMITER is spent', async () => {
    const { a, b, msgId } = await pairWithMessage();
    const mine = textMessage(b.userInfo.user_id, 'mine to recall');
    await call('/enterprise/im/sendMessage', mine, { token: a.token });
    await drain('FIND_LIMITER', `u:${a.userInfo.user_id}`);
    const refusals = [
      await call('/enterprise/im/undoMessage', { id: mine.id }, { token: a.token, lang: 'en' }),
      await call(
        '/enterprise/im/forwardMessage',
        { msg_id: msgId, user_ids: [b.userInfo.user_id] },
        { token: a.token, lang: 'en' },
      ),
      await call('/enterprise/files/index', { is_all: 1 }, { token: a.token, lang: 'en' }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(400);
      expect(refused.body.msg).toMatch(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data.find((m: any) => m.id === mine.id)).toMatchObject({ is_undo: 0 });
    expect(history.body.data.filter((m: any) => m.content === 'hold on to this')).toHaveLength(1);
    // Naming the chat needs no search and is not counted.
    const named = await call(
      '/enterprise/im/undoMessage',
      { id: mine.id, toContactId: b.userInfo.user_id },
      { token: a.token, lang: 'en' },
    );
    expect(named.body.code).toBe(0);
  });
});

describe("the original client's socket", () => {
  it('refuses an unbound /wss from an address past UNBOUND_SOCKET_LIMITER with 429; another address still opens', async () => {
    const ip = uniqueIp();
    await drain('UNBOUND_SOCKET_LIMITER', `ip:${ip}`);
    const headers = { upgrade: 'websocket', origin: 'http://parley.test', 'accept-language': 'en' };
    const refused = await fetchWorker('/wss', { headers: { ...headers, 'cf-connecting-ip': ip } });
    expect(refused.status).toBe(429);
    expect(refused.webSocket).toBeNull();
    const body = (await refused.json()) as { code: number; msg: string };
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(TOO_MANY);
    const other = await fetchWorker('/wss', { headers: { ...headers, 'cf-connecting-ip': uniqueIp() } });
    expect(other.status).toBe(101);
    other.webSocket!.accept();
    other.webSocket!.close(1000, 'done');
  });

  it("answers a bound client's pings at the relay: no UserHub request or socket message per ping", async () => {
    const me = await loginUser();
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    original.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    await original.next((f) => f.type === 'pong');
    await new Promise((r) => setTimeout(r, 100));
    const before = await ledger();
    for (let i = 0; i < 3; i++) {
      const pongs = original.frames.filter((f) => f.type === 'pong').length;
      original.send({ type: 'ping' });
      await original.until((frames) => frames.filter((f) => f.type === 'pong').length > pongs);
    }
    const after = await ledger();
    expect(hubRequests(after, 'UserHub') - hubRequests(before, 'UserHub')).toBe(0);
    expect(hubSocketMessages(after, 'UserHub') - hubSocketMessages(before, 'UserHub')).toBe(0);
    original.close();
  });
});
