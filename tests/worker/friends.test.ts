// Friend requests end to end: every rule and refusal of add, index, update, del,
// setNickname and getApplyMsg, the live events on real sockets, and that nobody reaches another
// user's requests or remarks.
import { env } from 'cloudflare:workers';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { FriendRequestListSchema, PersonSchema } from '@protocol/people';

import { call, eventually, loginUser, textMessage } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const add = (from: User, to: User | number, remark = 'hello', lang = 'en') =>
  call(
    '/enterprise/friend/add',
    { user_id: typeof to === 'number' ? to : uid(to), remark },
    { token: from.token, lang },
  );
const answer = (who: User, friend_id: number, status: 0 | 1) =>
  call('/enterprise/friend/update', { friend_id, status }, { token: who.token });
const requests = (who: User, is_mine: 0 | 1, extra: Record<string, number> = {}) =>
  call('/enterprise/friend/index', { is_mine, ...extra }, { token: who.token });
const applyCount = (who: User) => call('/enterprise/friend/getApplyMsg', {}, { token: who.token });

async function befriend(a: User, b: User) {
  const sent = await add(a, b);
  expect(sent.body.code, sent.body.msg).toBe(0);
  const ok = await answer(b, sent.body.data.friend_id, 1);
  expect(ok.body.code, ok.body.msg).toBe(0);
  return sent.body.data.friend_id as number;
}

describe('friend/add', () => {
  it('sends a pending request with the verification text, and the addressee sees it live in the system inbox', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const bSocket = await connect(b.token);
    const sent = await add(a, b, 'I am A from work');
    expect(sent.body).toMatchObject({ code: 0, msg: 'Request sent', data: { status: 2 } });
    const frame = await bSocket.next((f) => f.type === 'simple' && f.data.toContactId === 'system');
    expect(frame.data).toMatchObject({
      is_group: 2,
      type: 'event',
      fromUser: { id: 'system' },
      apply: {
        friend_id: sent.body.data.friend_id,
        count: 1,
        remark: 'I am A from work',
        from: { id: uid(a), relation: 'received', friend_id: sent.body.data.friend_id },
      },
    });
    expect(frame.data.apply.from.account).not.toBe(a.account);
    bSocket.close();
    const count = await applyCount(b);
    expect(count.body.data).toBe(1);
    expect(count.body.page).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses adding yourself, an unknown user, a repeat request and an existing friend', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    expect((await add(a, a)).body).toMatchObject({ code: 400, msg: 'You cannot add yourself as a friend' });
    expect((await add(a, 99_999_999)).body).toMatchObject({ code: 400, msg: 'The account does not exist' });
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(uid(b)).run();
    expect((await add(a, b)).body.code).toBe(400);
    await env.DB.prepare('UPDATE users SET status = 1 WHERE user_id = ?1').bind(uid(b)).run();
    const first = await add(a, b);
    expect(first.body.code).toBe(0);
    expect((await add(a, b)).body).toMatchObject({
      code: 400,
      msg: 'You have already sent a request; please wait for an answer',
    });
    await answer(b, first.body.data.friend_id, 1);
    expect((await add(a, b)).body).toMatchObject({ code: 400, msg: 'You are already friends' });
    expect((await add(b, a)).body).toMatchObject({ code: 400, msg: 'You are already friends' });
  });

  it("refuses a verification text over 100 characters, in the caller's language", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    expect((await add(a, b, 'x'.repeat(101))).body).toMatchObject({
      code: 400,
      msg: 'The verification message can be at most 100 characters',
    });
    expect((await add(a, b, 'x'.repeat(101), 'vi')).body.msg).toBe('Lời nhắn xác minh tối đa 100 ký tự');
    expect((await requests(a, 1)).body.count).toBe(0);
  });

  it('makes both friends at once when the addressee had already asked, and tells both', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const [aSocket, bSocket] = await Promise.all([connect(a.token), connect(b.token)]);
    const theirs = await add(b, a);
    const mine = await add(a, b);
    expect(mine.body).toMatchObject({ code: 0, data: { status: 1 } });
    const toA = await aSocket.next((f) => f.type === 'appendContact');
    const toB = await bSocket.next((f) => f.type === 'appendContact');
    expect(toA.data).toMatchObject({ id: uid(b), lastContent: '', type: 'event', is_group: 0 });
    expect(toB.data).toMatchObject({ id: uid(a), lastContent: '', type: 'event' });
    await aSocket.next((f) => f.type === 'applyCount' && f.data.count === 0);
    const received = await requests(a, 0);
    expect(received.body.data[0]).toMatchObject({ friend_id: theirs.body.data.friend_id, status: 1 });
    expect((await applyCount(a)).body.data).toBe(0);
    aSocket.close();
    bSocket.close();
  });

  it('may ask again after being declined', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sent = await add(a, b);
    expect((await answer(b, sent.body.data.friend_id, 0)).body).toMatchObject({ code: 0, data: { status: 0 } });
    const again = await add(a, b, 'please');
    expect(again.body).toMatchObject({ code: 0, data: { friend_id: sent.body.data.friend_id, status: 2 } });
    expect((await applyCount(b)).body.data).toBe(1);
  });
});

describe('friend/index', () => {
  it('lists received and sent requests, newest first, paged, with both people and the total', async () => {
    const [me, x, y, z] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    await add(x, me, 'from x');
    await add(y, me, 'from y');
    await add(me, z, 'to z');
    const received = await requests(me, 0, { limit: 1, page: 2 });
    expect(received.body).toMatchObject({ code: 0, count: 2, page: 2 });
    expect(v.is(FriendRequestListSchema, received.body.data)).toBe(true);
    const all = await requests(me, 0);
    expect(all.body.data.map((r: any) => r.remark).sort()).toEqual(['from x', 'from y']);
    const row = all.body.data.find((r: any) => r.remark === 'from x');
    expect(row).toMatchObject({ create_user: uid(x), friend_user_id: uid(me), status: 2, is_invite: 1, is_group: 0 });
    expect(row.create_user_info).toMatchObject({ id: uid(x), relation: 'received', friend_id: row.friend_id });
    expect(row.user_id_info).toMatchObject({ id: uid(me), relation: 'self', account: me.account });
    const sent = await requests(me, 1);
    expect(sent.body.count).toBe(1);
    expect(sent.body.data[0]).toMatchObject({ remark: 'to z', user_id_info: { id: uid(z), relation: 'sent' } });
  });

  it("shows nobody another user's requests: identity comes from the token only", async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await add(a, b, 'private words');
    const probe = await call(
      '/enterprise/friend/index',
      { is_mine: 0, user_id: uid(b), create_user: uid(a) },
      { token: c.token },
    );
    expect(probe.body).toMatchObject({ code: 0, count: 0, data: [] });
    expect(JSON.stringify((await requests(c, 1)).body)).not.toContain('private words');
  });
});

describe('friend/update', () => {
  it('lets only the addressee answer: the sender and a third user are refused and nothing changes', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = (await add(a, b)).body.data.friend_id;
    for (const who of [a, c]) {
      expect((await answer(who, id, 1)).body).toMatchObject({
        code: 400,
        msg: 'This friend request does not exist or has already been answered',
      });
    }
    expect((await answer(c, 99_999_999, 1)).body.code).toBe(400);
    expect((await requests(b, 0)).body.data[0].status).toBe(2);
    expect((await add(c, a)).body.data.status).toBe(2); // c is still a stranger to a
  });

  it('accepting makes both friends, tells both with a chat-list row, and updates the pending count on my devices', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = (await add(a, b)).body.data.friend_id;
    const [aSocket, bSocket] = await Promise.all([connect(a.token), connect(b.token)]);
    const ok = await answer(b, id, 1);
    expect(ok.body).toMatchObject({ code: 0, msg: 'You are now friends', data: { friend_id: id, status: 1 } });
    expect((await aSocket.next((f) => f.type === 'appendContact')).data).toMatchObject({
      id: uid(b),
      displayName: b.userInfo.realname,
    });
    expect((await bSocket.next((f) => f.type === 'appendContact')).data).toMatchObject({ id: uid(a) });
    expect((await bSocket.next((f) => f.type === 'applyCount')).data).toEqual({ count: 0, page: 0 });
    expect((await answer(b, id, 1)).body).toMatchObject({ code: 400, msg: 'You are already friends' });
    const person = await call('/enterprise/im/getUserInfo', { user_id: uid(b) }, { token: a.token });
    expect(person.body.data).toMatchObject({ relation: 'friend' });
    aSocket.close();
    bSocket.close();
  });

  it('declining leaves both strangers and cannot be answered twice', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = (await add(a, b)).body.data.friend_id;
    expect((await answer(b, id, 0)).body.data).toEqual({ friend_id: id, status: 0 });
    expect((await answer(b, id, 1)).body.code).toBe(400);
    expect((await call('/enterprise/im/getUserInfo', { user_id: uid(b) }, { token: a.token })).body.data.relation).toBe(
      'none',
    );
    expect((await requests(a, 1)).body.data[0].status).toBe(0);
  });
});

describe('becoming friends', () => {
  it('opens a chat on both lists with one "now friends" line, not unread', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await befriend(a, b);
    for (const [viewer, peer] of [
      [a, b],
      [b, a],
    ] as const) {
      await eventually(async () => {
        const row = (await call('/enterprise/im/getContacts', {}, { token: viewer.token })).body.data.find(
          (r: any) => r.id === uid(peer),
        );
        expect(row).toMatchObject({ type: 'event', lastContent: '', unread: 0 });
        expect(row.lastSendTime).toBeGreaterThan(0);
      });
      const list = (await call('/enterprise/im/getMessageList', { toContactId: uid(peer) }, { token: viewer.token }))
        .body.data;
      expect(list.map((m: any) => [m.type, m.content, m.extends?.system?.kind])).toEqual([['event', '', 'friends']]);
    }
  });
});

describe('friend/del', () => {
  it('takes the chat off both lists for good: a reload does not bring it back, a new message does', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await befriend(a, b);
    const say = (from: User, to: User, text: string) =>
      call('/enterprise/im/sendMessage', textMessage(uid(to), text), { token: from.token });
    expect((await say(a, b, 'hi friend')).body.code).toBe(0);
    const rowOf = async (viewer: User, peer: User) =>
      (await call('/enterprise/im/getContacts', {}, { token: viewer.token })).body.data.find(
        (r: any) => r.id === uid(peer),
      );
    await eventually(async () => expect((await rowOf(b, a)).lastContent).toBe('hi friend'));
    expect((await call('/enterprise/friend/del', { id: uid(b) }, { token: a.token })).body.code).toBe(0);
    for (const [viewer, peer] of [
      [a, b],
      [b, a],
    ] as const)
      expect(await rowOf(viewer, peer)).toMatchObject({ lastContent: '', lastSendTime: 0, unread: 0 });
    expect((await say(b, a, 'still there?')).body.code).toBe(0);
    await eventually(async () => expect((await rowOf(a, b)).lastContent).toBe('still there?'));
  });

  it('removes both directions and drops the contact live on both sides', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await befriend(a, b);
    const [aSocket, bSocket] = await Promise.all([connect(a.token), connect(b.token)]);
    expect((await call('/enterprise/friend/del', { id: uid(b) }, { token: a.token })).body.code).toBe(0);
    expect((await bSocket.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: uid(a) });
    expect((await aSocket.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: uid(b) });
    const { results } = await env.DB.prepare(
      'SELECT * FROM friends WHERE create_user IN (?1, ?2) AND friend_user_id IN (?1, ?2)',
    )
      .bind(uid(a), uid(b))
      .all();
    expect(results).toEqual([]);
    expect((await call('/enterprise/friend/del', { id: uid(b) }, { token: a.token })).body).toMatchObject({
      code: 400,
      msg: 'This person is not your friend',
    });
    // Friends can be made again.
    expect((await add(b, a)).body.data.status).toBe(2);
    aSocket.close();
    bSocket.close();
  });
});

describe('friend/setNickname', () => {
  it('sets my remark for a friend, shown as their name to me only, and tells my devices', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await befriend(a, b);
    const aSocket = await connect(a.token);
    const set = await call(
      '/enterprise/friend/setNickname',
      { friend_id: uid(b), nickname: 'Bob from work' },
      { token: a.token },
    );
    expect(set.body).toMatchObject({
      code: 0,
      data: { id: uid(b), displayName: 'Bob from work', realname: b.userInfo.realname },
    });
    expect((await aSocket.next((f) => f.type === 'updateUser')).data).toMatchObject({
      id: uid(b),
      displayName: 'Bob from work',
    });
    const mine = await call('/enterprise/im/getContacts', {}, { token: a.token });
    expect(mine.body.data.find((c: any) => c.id === uid(b)).displayName).toBe('Bob from work');
    const info = await call('/enterprise/im/getContactInfo', { id: uid(b) }, { token: a.token });
    expect(info.body.data.displayName).toBe('Bob from work');
    const card = await call('/enterprise/im/getUserInfo', { user_id: uid(b) }, { token: a.token });
    expect(card.body.data).toMatchObject({ nickname: 'Bob from work', displayName: 'Bob from work' });
    const theirs = await call('/enterprise/im/getContacts', {}, { token: b.token });
    expect(theirs.body.data.find((c: any) => c.id === uid(a)).displayName).toBe(a.userInfo.realname);
    aSocket.close();
  });

  it("refuses an empty remark, a remark for a non-friend, and cannot touch another user's remark", async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await befriend(a, b);
    expect(
      (await call('/enterprise/friend/setNickname', { friend_id: uid(b), nickname: '  ' }, { token: a.token })).body,
    ).toMatchObject({ code: 400, msg: 'Please enter a remark name (at most 32 characters)' });
    expect(
      (await call('/enterprise/friend/setNickname', { friend_id: uid(c), nickname: 'x' }, { token: a.token })).body
        .code,
    ).toBe(400);
    // c names b as the friend and a as the owner: only c's own (absent) row could change.
    const probe = await call(
      '/enterprise/friend/setNickname',
      { friend_id: uid(b), nickname: 'hijacked', user_id: uid(a), create_user: uid(a) },
      { token: c.token },
    );
    expect(probe.body).toMatchObject({ code: 400, msg: 'This person is not your friend' });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM friends WHERE nickname = 'hijacked'").first<number>(
      'n',
    );
    expect(rows).toBe(0);
  });
});

describe('answers', () => {
  it('never carry a password hash or salt', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await add(a, b);
    const bodies = await Promise.all([
      requests(b, 0),
      requests(a, 1),
      applyCount(b),
      call('/enterprise/im/getUserInfo', { user_id: uid(a) }, { token: b.token }),
      call('/enterprise/im/searchUser', { keywords: a.account }, { token: b.token }),
      call('/enterprise/im/userList', {}, { token: b.token }),
    ]);
    for (const { body } of bodies) {
      expect(body.code).toBe(0);
      expect(JSON.stringify(body)).not.toMatch(/password|salt|pbkdf2/i);
    }
    expect(v.is(PersonSchema, bodies[3]!.body.data)).toBe(true);
  });
});
