// Who is typing: a `typing` frame on the socket reaches the other side's open
// sockets as `{type: "typing", data: {toContactId, user_id, typing}}`, named as their list names the
// chat; only group members hear a group's, a person only in a chat they have; renewals are limited
// per user; nothing is logged (a sync replays none) and nothing goes out while chatInfo.online is off.
import { afterEach, describe, expect, it } from 'vitest';

import { createGroup } from './group-helpers';
import { call, delivered, loginUser, pairHub, resetConfig, setConfig, textMessage } from './helpers';
import { connect, type Socket } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const typingFrames = (s: Socket) => s.frames.filter((f) => f.type === 'typing');
const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function chatting(): Promise<[User, User]> {
  const [a, b] = [await loginUser(), await loginUser()];
  expect((await call('/enterprise/im/sendMessage', textMessage(uid(b), 'hi'), { token: a.token })).body.code).toBe(0);
  await delivered(pairHub(uid(a), uid(b)).stub);
  return [a, b];
}

afterEach(() => resetConfig());

describe('typing in a one-to-one chat', () => {
  it('reaches the peer as typing from me, then stopped, and is never logged', async () => {
    const [a, b] = await chatting();
    const [aSocket, bSocket] = [await connect(a.token, 'a'), await connect(b.token, 'b')];
    aSocket.send({ type: 'typing', toContactId: uid(b), typing: true });
    const started = await bSocket.next((f) => f.type === 'typing');
    expect(started.data).toEqual({ toContactId: uid(a), user_id: uid(a), typing: true });
    aSocket.send({ type: 'typing', toContactId: uid(b), typing: false });
    const stopped = await bSocket.next((f) => f.type === 'typing' && f.data.typing === false);
    expect(stopped.data.user_id).toBe(uid(a));
    // My own devices are not told; and a sync from 0 replays no typing.
    expect(typingFrames(aSocket)).toEqual([]);
    const later = await connect(b.token, 'b2');
    later.send({ type: 'sync', since: 0 });
    await quiet();
    expect(typingFrames(later)).toEqual([]);
    for (const s of [aSocket, bSocket, later]) s.close();
  });

  it('drops renewals closer than two seconds and a stop that follows no start', async () => {
    const [a, b] = await chatting();
    const [aSocket, bSocket] = [await connect(a.token, 'a'), await connect(b.token, 'b')];
    aSocket.send({ type: 'typing', toContactId: uid(b), typing: false });
    for (let i = 0; i < 5; i++) aSocket.send({ type: 'typing', toContactId: uid(b), typing: true });
    await bSocket.next((f) => f.type === 'typing');
    await quiet();
    expect(typingFrames(bSocket).map((f) => f.data.typing)).toEqual([true]);
    aSocket.close();
    bSocket.close();
  });

  it('reaches nobody without a chat with me, nobody while chatInfo.online is off, and refuses a bad frame', async () => {
    const [a, stranger] = [await loginUser(), await loginUser()];
    const [aSocket, strangerSocket] = [await connect(a.token, 'a'), await connect(stranger.token, 's')];
    aSocket.send({ type: 'typing', toContactId: uid(stranger), typing: true });
    await quiet();
    expect(typingFrames(strangerSocket)).toEqual([]);

    const [c, d] = await chatting();
    await setConfig('chatInfo', { online: '0' });
    const [cSocket, dSocket] = [await connect(c.token, 'c'), await connect(d.token, 'd')];
    cSocket.send({ type: 'typing', toContactId: uid(d), typing: true });
    await quiet();
    expect(typingFrames(dSocket)).toEqual([]);

    cSocket.send({ type: 'typing', toContactId: uid(d), typing: 'yes' });
    const refused = await cSocket.next((f) => f.type === 'error');
    expect(refused.data.code).not.toBe(0);
    for (const s of [aSocket, strangerSocket, cSocket, dSocket]) s.close();
  });
});

describe('typing in a group', () => {
  it('reaches the other members with a socket, named by the group; an outsider cannot type into it', async () => {
    const [owner, ann, bob, outsider] = [await loginUser(), await loginUser(), await loginUser(), await loginUser()];
    const group = await createGroup(owner, [ann, bob], 'Typists');
    const [ownerSocket, annSocket, bobSocket] = [
      await connect(owner.token, 'o'),
      await connect(ann.token, 'a'),
      await connect(bob.token, 'b'),
    ];
    annSocket.send({ type: 'typing', toContactId: group, typing: true });
    for (const s of [ownerSocket, bobSocket]) {
      expect((await s.next((f) => f.type === 'typing')).data).toEqual({
        toContactId: group,
        user_id: uid(ann),
        typing: true,
      });
    }
    expect(typingFrames(annSocket)).toEqual([]);

    const outsiderSocket = await connect(outsider.token, 'x');
    outsiderSocket.send({ type: 'typing', toContactId: group, typing: true });
    outsiderSocket.send({ type: 'typing', toContactId: 'group-abc', typing: true });
    await quiet();
    expect(typingFrames(ownerSocket).filter((f) => f.data.user_id === uid(outsider))).toEqual([]);
    for (const s of [ownerSocket, annSocket, bobSocket, outsiderSocket]) s.close();
  });
});
