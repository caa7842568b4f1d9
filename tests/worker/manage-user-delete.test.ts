// Deleting a user from the console: their sessions and sockets end, they leave
// their groups live (as a removal made in the app), friendships go, their messages stay under
// "Deleted user" in groups and one-to-one chats (read-only), and the account can never sign in
// again; their avatar stops being served and leaves R2; never oneself, the last super admin, an
// operator by a plain admin, or a group's owner.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { SESSION_ENDED_CLOSE_CODE } from '../../worker/services/socket-rules';
import { createGroup } from './group-helpers';
import {
  call,
  delivered,
  eventually,
  fetchWorker,
  loginUser,
  operator,
  pairHub,
  pngBytes,
  registerUser,
  textMessage,
  uniqueAccount,
} from './helpers';
import { closeCode, connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const manage = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/${path}`, body, { token: as.token });

async function person(name: string): Promise<User> {
  const { account } = await registerUser(uniqueAccount('del'), 'secret12', name);
  return loginUser(account);
}

/** The D1 projection of a group's members (what the console reads a user's groups from) has caught up. */
const projected = (group: string, who: User) =>
  eventually(async () => {
    const row = await env.DB.prepare("SELECT role FROM group_members WHERE 'group-' || group_id = ?1 AND user_id = ?2")
      .bind(group, uid(who))
      .first();
    if (!row) throw new Error('not projected yet');
    return row;
  });

const send = (from: User, to: number | string, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(to, text), { token: from.token });
const history = (as: User, contact: number | string, isGroup = 0) =>
  call('/enterprise/im/getMessageList', { toContactId: contact, is_group: isGroup }, { token: as.token });
const contacts = async (as: User, lang = 'en') =>
  (await call('/enterprise/im/getContacts', {}, { token: as.token, lang })).body.data as {
    id: number | string;
    displayName: string;
    is_deleted?: number;
  }[];

describe('manage/user/del', () => {
  it('ends their sessions, takes them out of their groups live, and keeps their messages under "Deleted user"', async () => {
    const ops = await operator(2);
    const [ann, bob] = [await person('Ann'), await person('Bob Gone')];
    const group = await createGroup(ann, [bob], 'Readers');
    await projected(group, bob);
    expect((await send(bob, group, 'in the group')).body.code).toBe(0);
    expect((await send(bob, uid(ann), 'just to you')).body.code).toBe(0);
    await delivered(pairHub(uid(ann), uid(bob)).stub); // Bob's chat list now names the chat with Ann
    await call('/enterprise/friend/add', { user_id: uid(ann), remark: 'hi' }, { token: bob.token });
    // Bob is Ann's customer-service agent, and has an operator's note himself.
    await env.DB.prepare(
      'INSERT INTO user_notes (user_id, remark, cs_uid, update_time) VALUES (?1, ?2, ?3, 0), (?3, ?4, 0, 0)',
    )
      .bind(uid(ann), 'VIP', uid(bob), 'slow to answer')
      .run();
    const bobSocket = await connect(bob.token, 'phone');
    const annSocket = await connect(ann.token, 'laptop');

    const deleted = await manage(ops, 'user/del', { user_id: uid(bob) });
    expect(deleted.body).toMatchObject({ code: 0 });
    expect(await closeCode(bobSocket)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: bob.token })).status).toBe(401);
    expect((await annSocket.next((f) => f.type === 'removeUser')).data).toMatchObject({ user_id: uid(bob) });
    // The account can never sign in again, and its name is free for someone new.
    expect((await call('/common/pub/login', { account: bob.account, password: 'secret12' })).body.code).not.toBe(0);
    expect((await registerUser(bob.account, 'secret12', 'New Bob')).account).toBe(bob.account);

    // Their messages stay: in the group, and in the one-to-one chat, under no name of theirs.
    await eventually(async () => {
      const inGroup = (await history(ann, group, 1)).body.data as {
        content: string;
        fromUser: { displayName: string };
      }[];
      const line = inGroup.find((m) => m.content === 'in the group')!;
      expect(line.fromUser.displayName).toBe('');
      return true;
    });
    const direct = (await history(ann, uid(bob))).body;
    expect(direct.code).toBe(0);
    expect(direct.data.find((m: { content: string }) => m.content === 'just to you').fromUser.displayName).toBe('');
    // The chat stays on Ann's list, named in her language, and nobody can write to it.
    expect((await contacts(ann, 'vi')).find((c) => c.id === uid(bob))?.displayName).toBe('Người dùng đã bị xóa');
    expect((await contacts(ann)).find((c) => c.id === uid(bob))).toMatchObject({
      displayName: 'Deleted user',
      is_deleted: 1,
    });
    const card = await call('/enterprise/im/getContactInfo', { id: uid(bob) }, { token: ann.token });
    expect(card.body.data).toMatchObject({ displayName: 'Deleted user', avatar: '', is_online: 0 });
    expect((await send(ann, uid(bob), 'are you there?')).body.code).not.toBe(0);
    // Friendships and requests go; the group's roster no longer has them.
    const friendRows = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM friends WHERE create_user = ?1 OR friend_user_id = ?1',
    )
      .bind(uid(bob))
      .first<number>('n');
    expect(friendRows).toBe(0);
    const notes = await env.DB.prepare('SELECT user_id, remark, cs_uid FROM user_notes WHERE user_id IN (?1, ?2)')
      .bind(uid(ann), uid(bob))
      .all();
    expect(notes.results).toEqual([{ user_id: uid(ann), remark: 'VIP', cs_uid: 0 }]);
    const roster = (await manage(ops, 'group/users', { id: group })).body.data as { user_id: number }[];
    expect(roster.map((m) => m.user_id)).toEqual([uid(ann)]);
    // The console lists them only when asked for deleted accounts; the audit row keeps who they were.
    expect((await manage(ops, 'user/index', { keywords: 'Bob Gone' })).body.count).toBe(0);
    expect((await manage(ops, 'user/detail', { user_id: uid(bob) })).body.code).not.toBe(0);
    const trail = await env.DB.prepare('SELECT action, before, actor_id FROM audit_log WHERE target = ?1')
      .bind(`user:${uid(bob)}`)
      .all<{ action: string; before: string; actor_id: number }>();
    expect(trail.results.map((r) => [r.action, r.actor_id])).toEqual([['user.delete', uid(ops)]]);
    expect(JSON.parse(trail.results[0]!.before)).toMatchObject({ account: bob.account, realname: 'Bob Gone' });
    annSocket.close();
  });

  it("refuses oneself, an operator by a plain admin, and a group's owner, changing nothing", async () => {
    const admin = await operator(2);
    const boss = await operator(1);
    const other = await operator(2);
    expect((await manage(admin, 'user/del', { user_id: uid(admin) })).body.code).toBe(400);
    expect((await manage(admin, 'user/del', { user_id: uid(other) })).body.code).toBe(400);
    const [owner, member] = [await person('Owner'), await person('Member')];
    await projected(await createGroup(owner, [member], 'Owned'), owner);
    const refused = await call('/manage/user/del', { user_id: uid(owner) }, { token: boss.token, lang: 'en' });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: 'This user owns 1 group(s): change their owner or dissolve them first',
    });
    expect((await manage(boss, 'user/detail', { user_id: uid(owner) })).body.data).toMatchObject({ status: 1 });
    expect((await manage(boss, 'user/del', { user_id: uid(boss) })).body.code).toBe(400);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: boss.token })).status).toBe(200);
  });

  it("stops serving a deleted user's avatar: its /file URL answers 404 and its bytes leave R2", async () => {
    const ops = await operator(2);
    const [bob, viewer] = [await person('Bob Pictured'), await person('Viewer')];
    const form = new FormData();
    form.set('file', new File([pngBytes(12, 12)], 'me.png'));
    const uploaded = await fetchWorker('/common/upload/uploadAvatar', {
      method: 'POST',
      headers: { authorization: bob.token },
      body: form,
    });
    const avatar = ((await uploaded.json()) as { data: { avatar: string } }).data.avatar;
    const row = await env.DB.prepare('SELECT r2_key FROM files WHERE file_id = ?1')
      .bind(Number(avatar.slice('/file/'.length)))
      .first<{ r2_key: string }>();
    expect((await fetchWorker(avatar, { headers: { authorization: viewer.token } })).status).toBe(200);
    expect(await env.FILES.head(row!.r2_key)).not.toBeNull();

    expect((await manage(ops, 'user/del', { user_id: uid(bob) })).body.code).toBe(0);
    const gone = await fetchWorker(avatar, { headers: { authorization: viewer.token } });
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
    expect(await env.FILES.head(row!.r2_key)).toBeNull();
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM files WHERE user_id = ?1 AND conversation_id = 'avatar'",
    )
      .bind(uid(bob))
      .first<number>('n');
    expect(rows).toBe(0);
  });
});
