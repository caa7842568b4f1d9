// The original clients' socket: /wss without a ticket, from the app's own Origin,
// answers `init {client_id}` and nothing else until its `bindUid` frame carries a token that passes
// the request check and the token's own user id; then it is that user's socket like a ticketed one.
// The HTTP bindUid/bindGroup/offline calls of those clients answer success and bind nobody.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { BIND_REFUSED_CLOSE_CODE, UNBOUND_CLOSE_CODE } from '../../worker/compat/frames';
import { BIND_WITHIN_MS, openOriginalSocket, SERVER_PING_MS } from '../../worker/compat/socket';
import { SILENT_SOCKET_MS } from '../../worker/durable/user/sockets';
import { SESSION_ENDED_CLOSE_CODE } from '../../worker/protocol/socket';
import { call, delivered, fetchWorker, loginUser, pairHub, textMessage, userHubStub } from './helpers';
import { closeCode, connect, connectOriginal, ORIGINAL_FRAMES, type Socket, watch } from './socket-helpers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `from` sends `to` a text and it reaches `to`'s ticketed socket `witness`: a frame every bound socket of `to` gets. */
async function sendAndSee(from: { token: string }, to: number, content: string, witness: Socket) {
  await call('/enterprise/im/sendMessage', textMessage(to, content), { token: from.token });
  await witness.next((f) => f.type === 'simple' && f.data.content === content);
}

/** An original client's socket opened by the Worker's own function, with short timers instead of 10 s and 20 s. */
function openShort(timings: { bindMs: number; pingMs: number }): Socket {
  const request = new Request('http://parley.test/wss', {
    headers: { upgrade: 'websocket', origin: 'http://parley.test' },
  });
  const res = openOriginalSocket(env, request, () => undefined, timings);
  return watch(res.webSocket!, ORIGINAL_FRAMES);
}

describe("the original client's handshake", () => {
  it('sends init with a fresh random client id at once', async () => {
    const first = await connectOriginal();
    const second = await connectOriginal();
    const a = await first.next((f) => f.type === 'init');
    const b = await second.next((f) => f.type === 'init');
    expect(a.client_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.client_id).not.toBe(a.client_id);
    expect(a).toEqual({ type: 'init', client_id: a.client_id });
  });

  it("names a newly bound socket's own init client_id in the offline notice the user's other sockets get", async () => {
    const me = await loginUser();
    const first = await connectOriginal();
    await first.next((f) => f.type === 'init');
    first.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    await first.next((f) => f.type === 'pong');
    const second = await connectOriginal();
    const { client_id } = await second.next((f) => f.type === 'init');
    second.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    // The original web client compares it with the id its newest socket kept: the same browser is not "elsewhere".
    const notice = await first.next((f) => f.type === 'offline');
    expect(notice.data).toMatchObject({ id: me.userInfo.user_id, client_id });
  });

  it('gives an unbound socket nothing: a message to the user reaches their bound sockets only', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    const witness = await connect(me.token);
    await sendAndSee(peer, me.userInfo.user_id, 'not for strangers', witness);
    await delivered(pairHub(me.userInfo.user_id, peer.userInfo.user_id).stub);
    await pause(200);
    expect(original.frames.map((f) => f.type)).toEqual(['init']);
  });

  it('binds with a good token (bearer or bare): pong with multiport, then every live frame', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const witness = await connect(me.token);
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    original.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    // The ticketed socket was open already: the user has another socket.
    expect(await original.next((f) => f.type === 'pong')).toEqual({ type: 'pong', multiport: true });
    await sendAndSee(peer, me.userInfo.user_id, 'hello original', witness);
    const frame = await original.next((f) => f.type === 'simple');
    expect(frame.data).toMatchObject({ content: 'hello original', toContactId: peer.userInfo.user_id });
    // The hub's own init and its pongs stay between the Worker and the hub.
    expect(original.frames.filter((f) => f.type === 'init')).toHaveLength(1);

    const alone = await loginUser();
    const bare = await connectOriginal();
    await bare.next((f) => f.type === 'init');
    bare.send({ type: 'bindUid', user_id: String(alone.userInfo.user_id), token: alone.token.replace(/^bearer /, '') });
    expect(await bare.next((f) => f.type === 'pong')).toEqual({ type: 'pong', multiport: false });
  });

  it("refuses another user's id with the right token, a forged token and a revoked one, and closes", async () => {
    const me = await loginUser();
    const other = await loginUser();
    const cases = [
      { user_id: other.userInfo.user_id, token: me.token, code: 400 },
      { user_id: me.userInfo.user_id, token: 'bearer eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.forged', code: -1 },
    ];
    const revoked = await loginUser();
    await call('/common/pub/logout', {}, { token: revoked.token });
    cases.push({ user_id: revoked.userInfo.user_id, token: revoked.token, code: -1 });
    for (const { user_id, token, code } of cases) {
      const original = await connectOriginal();
      await original.next((f) => f.type === 'init');
      original.send({ type: 'bindUid', user_id, token });
      const refused = await original.next((f) => f.type === 'error');
      expect(refused.data.code).toBe(code);
      expect(refused.data.msg).toMatch(/[a-z]/);
      expect(await closeCode(original)).toBe(BIND_REFUSED_CLOSE_CODE);
      expect(original.frames.map((f) => f.type)).toEqual(['init', 'error']);
    }
  });

  it('makes the user online once bound, not before, and offline when it closes', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aSocket = await connect(a.token);
    // a opens the chat with b: a hears of b's presence from then on.
    await call('/enterprise/im/getContactInfo', { id: b.userInfo.user_id }, { token: a.token });
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    await pause(200);
    expect(aSocket.frames.filter((f) => f.type === 'isOnline')).toEqual([]);
    original.send({ type: 'bindUid', user_id: b.userInfo.user_id, token: b.token });
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 1);
    original.close();
    await aSocket.next((f) => f.type === 'isOnline' && f.data.id === b.userInfo.user_id && f.data.is_online === 0);
  });

  it("keeps a bound socket that answers the server's ping from counting as silent in the hub", async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    original.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    await original.next((f) => f.type === 'pong');
    // The hub's socket looks as if nothing had come through it for longer than the silent limit...
    await runInDurableObject(userHubStub(me.userInfo.user_id), (hub, state) => {
      for (const ws of state.getWebSockets())
        ws.serializeAttachment({
          ...(ws.deserializeAttachment() as object),
          heardAt: Date.now() - 2 * SILENT_SOCKET_MS,
        });
      (hub as unknown as { parts: { sockets: { rereadAttachments(): void } } }).parts.sockets.rereadAttachments();
    });
    // ...then the client answers a server ping, as the original clients do every 20 s.
    original.send({ type: 'pong' });
    await pause(100);
    await call('/enterprise/im/sendMessage', textMessage(me.userInfo.user_id, 'still alive'), { token: peer.token });
    await original.next((f) => f.type === 'simple' && f.data.content === 'still alive');
  });

  it('closes a bound socket when its session ends, as a ticketed one', async () => {
    const me = await loginUser();
    const original = await connectOriginal();
    await original.next((f) => f.type === 'init');
    original.send({ type: 'bindUid', user_id: me.userInfo.user_id, token: me.token });
    await original.next((f) => f.type === 'pong');
    await call('/common/pub/logout', {}, { token: me.token });
    expect(await closeCode(original)).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes a socket not bound within BIND_WITHIN_MS (10 s)', async () => {
    expect(BIND_WITHIN_MS).toBe(10_000);
    const original = openShort({ bindMs: 150, pingMs: 60_000 });
    await original.next((f) => f.type === 'init');
    expect(await closeCode(original, 1000)).toBe(UNBOUND_CLOSE_CODE);
  });

  it('pings every SERVER_PING_MS (20 s) and answers a ping with pong', async () => {
    expect(SERVER_PING_MS).toBe(20_000);
    const original = openShort({ bindMs: 60_000, pingMs: 100 });
    await original.until((frames) => frames.filter((f) => f.type === 'ping').length >= 2, 2000);
    original.send({ type: 'ping' });
    expect(await original.next((f) => f.type === 'pong')).toEqual({ type: 'pong', multiport: false });
    original.close();
  });

  it('refuses a original upgrade from another site, and one without an Origin', async () => {
    const foreign = await fetchWorker('/wss', { headers: { upgrade: 'websocket', origin: 'https://evil.test' } });
    expect(foreign.status).toBe(403);
    expect(foreign.webSocket).toBeNull();
    const bare = await fetchWorker('/wss', { headers: { upgrade: 'websocket' } });
    expect(bare.status).toBe(401);
    expect(bare.webSocket).toBeNull();
  });
});

describe("the original clients' HTTP socket calls", () => {
  it('answers bindUid, bindGroup and offline with success and binds nobody', async () => {
    const me = await loginUser();
    const peer = await loginUser();
    const witness = await connect(me.token);
    const original = await connectOriginal();
    const { client_id } = await original.next((f) => f.type === 'init');
    const form = { client_id, user_id: me.userInfo.user_id };
    for (const [path, body] of [
      ['/common/pub/bindUid', form],
      ['/common/pub/bindGroup', { client_id, group_id: 'group-1' }],
    ] as const) {
      expect((await call(path, body)).body).toMatchObject({ code: 0 });
      expect((await call(path, body, { token: peer.token })).body).toMatchObject({ code: 0 });
    }
    await sendAndSee(peer, me.userInfo.user_id, 'still unbound', witness);
    await pause(200);
    expect(original.frames.map((f) => f.type)).toEqual(['init']);
    // Another user's offline call changes nothing: the user's socket stays open and gets frames.
    const offline = await call('/common/pub/offline', { user_id: me.userInfo.user_id }, { token: peer.token });
    expect(offline.body).toMatchObject({ code: 0 });
    expect(await closeCode(witness, 200)).toBe('open');
    await sendAndSee(peer, me.userInfo.user_id, 'still here', witness);
  });
});
