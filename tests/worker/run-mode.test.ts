// Run modes (sysInfo.runMode): in mode 2 the address book and one-to-one sends follow friendships,
// with admins and customer-service users bypassing the rule; mode 1 is the company directory.
// The mode is read from config, so a switch takes effect at once.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import {
  call,
  eventually,
  loginUser,
  pngBytes,
  resetConfig,
  setConfig,
  setSysInfo,
  textMessage,
  uploadFile,
} from './helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const send = (from: User, to: User, content = 'hi') =>
  call('/enterprise/im/sendMessage', textMessage(uid(to), content), { token: from.token });
const contactIds = async (who: User) =>
  ((await call('/enterprise/im/getContacts', {}, { token: who.token })).body.data as any[]).map((c) => c.id);

async function befriend(a: User, b: User) {
  const sent = await call('/enterprise/friend/add', { user_id: uid(b), remark: '' }, { token: a.token });
  const ok = await call(
    '/enterprise/friend/update',
    { friend_id: sent.body.data.friend_id, status: 1 },
    { token: b.token },
  );
  expect(ok.body.code, ok.body.msg).toBe(0);
}

const NOT_FRIEND = 'You are not on their friends list';

afterEach(resetConfig);

describe('run mode 2 (social)', () => {
  it('refuses a message to a stranger with the reference message, allows it once friends, and refuses again after deletion', async () => {
    await setSysInfo({ runMode: '2' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    expect((await send(a, b)).body).toMatchObject({ code: 400, msg: NOT_FRIEND });
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(uid(b), 'x'), { token: a.token, lang: 'vi' })).body.msg,
    ).toBe('Bạn không có trong danh sách bạn bè của đối phương');
    await befriend(a, b);
    expect((await send(a, b)).body.code).toBe(0);
    expect((await send(b, a)).body.code).toBe(0);
    await call('/enterprise/friend/del', { id: uid(a) }, { token: b.token });
    expect((await send(a, b)).body).toMatchObject({ code: 400, msg: NOT_FRIEND });
    expect((await send(b, a)).body).toMatchObject({ code: 400, msg: NOT_FRIEND });
  });

  it('refuses while the request is only pending', async () => {
    await setSysInfo({ runMode: '2' });
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await call('/enterprise/friend/add', { user_id: uid(b), remark: '' }, { token: a.token });
    expect((await send(a, b)).body.msg).toBe(NOT_FRIEND);
  });

  it('refuses forwarding and uploading to a stranger, and stores nothing', async () => {
    await setSysInfo({ runMode: '2' });
    const [a, b, friend] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await befriend(a, friend);
    const original = await send(a, friend, 'worth forwarding');
    const files = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM files').first<number>('n')) ?? 0;
    const before = await files();
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: original.body.data.msg_id, toContactId: uid(friend), user_ids: [uid(b)] },
      { token: a.token },
    );
    expect(forward.body).toMatchObject({ code: 400, msg: NOT_FRIEND });
    const upload = await uploadFile(a.token, uid(b), 'photo.png', pngBytes(4, 4));
    expect(upload.body).toMatchObject({ code: 400, msg: NOT_FRIEND });
    expect(await files()).toBe(before);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: uid(a), is_group: 0 },
      { token: b.token },
    );
    expect(history.body.data).toEqual([]);
  });

  it('lets an admin and a customer-service user message anyone, and anyone message them', async () => {
    const [admin, service, stranger] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(uid(admin)).run();
    await setSysInfo({ runMode: '2' });
    await setConfig('chatInfo', { autoAddUser: { status: '0', welcome: '', user_ids: [String(uid(service))] } } as any);
    expect((await send(admin, stranger)).body.code).toBe(0);
    expect((await send(stranger, admin)).body.code).toBe(0);
    expect((await send(service, stranger)).body.code).toBe(0);
    expect((await send(stranger, service)).body.code).toBe(0);
  });

  it('lists only friends, and privileged users I have a chat with, in the address book', async () => {
    const [me, friend, stranger, admin, otherAdmin] = await Promise.all([
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
    ]);
    await env.DB.prepare('UPDATE users SET role = 1 WHERE user_id IN (?1, ?2)').bind(uid(admin), uid(otherAdmin)).run();
    await befriend(me, friend);
    await send(admin, me, 'welcome');
    await setSysInfo({ runMode: '2' });
    // The admin's message reaches my chat list once its delivery lands.
    const ids = await eventually(async () => {
      const listed = await contactIds(me);
      expect(listed).toContain(uid(admin));
      return listed;
    });
    expect(ids).toContain(uid(friend));
    expect(ids).not.toContain(uid(stranger));
    expect(ids).not.toContain(uid(otherAdmin));
    // The admin keeps everyone they have a chat with.
    await eventually(async () => expect(await contactIds(admin)).toContain(uid(me)));
  });
});

describe('run mode 1 (enterprise)', () => {
  it('lists everyone, marking as friends only those whose request was accepted', async () => {
    const [me, friend, asked, asker, declined, unfriended, stranger] = await Promise.all([
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
    ]);
    await befriend(me, friend);
    await befriend(unfriended, me);
    await call('/enterprise/friend/del', { id: uid(unfriended) }, { token: me.token });
    await call('/enterprise/friend/add', { user_id: uid(asked), remark: '' }, { token: me.token });
    await call('/enterprise/friend/add', { user_id: uid(me), remark: '' }, { token: asker.token });
    const refused = await call('/enterprise/friend/add', { user_id: uid(declined), remark: '' }, { token: me.token });
    await call(
      '/enterprise/friend/update',
      { friend_id: refused.body.data.friend_id, status: 0 },
      { token: declined.token },
    );
    const list = (await call('/enterprise/im/getContacts', {}, { token: me.token })).body.data as any[];
    const isFriend = (who: User) => list.find((c) => c.id === uid(who))?.is_friend;
    expect(isFriend(friend)).toBe(1);
    for (const other of [asked, asker, declined, unfriended, stranger]) expect(isFriend(other)).toBe(0);
    // Both sides see it.
    const theirs = (await call('/enterprise/im/getContacts', {}, { token: friend.token })).body.data as any[];
    expect(theirs.find((c) => c.id === uid(me))?.is_friend).toBe(1);
  });
});

describe('switching modes', () => {
  it('takes effect at once: mode 1 lets strangers chat and lists everyone; mode 2 does not', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    expect((await send(a, b)).body.code).toBe(0);
    expect(await contactIds(a)).toContain(uid(b));
    await setSysInfo({ runMode: '2' });
    expect((await send(a, b)).body.msg).toBe(NOT_FRIEND);
    expect(await contactIds(a)).not.toContain(uid(b));
    await setSysInfo({ runMode: '1' });
    expect((await send(a, b)).body.code).toBe(0);
  });

  it('answers the pending request count and the newest request time in the contact list envelope, in every mode', async () => {
    const [me, x, y] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    await call('/enterprise/friend/add', { user_id: uid(me), remark: '' }, { token: x.token });
    await call('/enterprise/friend/add', { user_id: uid(me), remark: '' }, { token: y.token });
    for (const mode of ['1', '2']) {
      await setSysInfo({ runMode: mode });
      const list = await call('/enterprise/im/getContacts', {}, { token: me.token });
      expect(list.body.count).toBe(2);
      expect(list.body.page).toBeGreaterThan(Date.now() - 60_000);
    }
    const none = await call('/enterprise/im/getContacts', {}, { token: x.token });
    expect(none.body).toMatchObject({ count: 0, page: 0 });
  });
});
