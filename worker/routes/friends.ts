// enterprise/friend: friend requests, answers, deletion and remark names.
// Identity comes from the token only; a request is answered only by its addressee.
import { Hono } from 'hono';
import { nanoid } from 'nanoid';

import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import {
  answerRequest,
  findRequest,
  listRequests,
  pairRows,
  pairsOf,
  pendingToMe,
  removePair,
  requestFriend,
  saveNickname,
} from '../db/friends';
import { cardOf as userCard, findUserById, findUsersByIds, presenceOfUser, type UserRow } from '../db/users';
import { conversationHub, userHub } from '../durable/stubs';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { chatSwitch } from '../protocol/config-values';
import type { EventData, EventType } from '../protocol/frames';
import {
  FRIEND_STATUS,
  FriendAddBody,
  type FriendAnswer,
  type FriendApplyEvent,
  FriendDelBody,
  FriendIndexBody,
  FriendNicknameBody,
  type FriendRequest,
  FriendUpdateBody,
  type PendingCount,
  type UserUpdate,
} from '../protocol/people';
import { conversationOf } from '../services/conversations';
import { areFriends } from '../services/friendship';
import { translate } from '../services/i18n';
import { flipped, personView } from '../services/person-view';
import { envelope, refuse } from '../services/replies';
import { contactView, lastSeenOf, maskAccount } from '../services/user-view';

export const friends = new Hono<AppEnv>();

/** Live events are best effort: the change is stored, and a client that missed one reloads. */
async function tell<T extends EventType>(env: Env, uid: number, type: T, data: EventData<T>): Promise<void> {
  await userHub(env, uid)
    .notify(type, data)
    .catch((error: unknown) => console.error('friend event failed', type, uid, error));
}

async function activeUser(db: D1Database, uid: number): Promise<UserRow> {
  const row = await findUserById(db, uid);
  if (!row || row.status !== 1) throw refuse('user.notExist');
  return row;
}

/** `whom` as a new chat-list row for `viewer`; each client words the "you are now friends" line itself. */
async function newContactRow(db: D1Database, whom: UserRow): Promise<EventData<'appendContact'>> {
  // With chatInfo.online off the new row reads offline, as getContacts does.
  const presence = chatSwitch((await loadConfig(db)).chatInfo, 'online')
    ? await presenceOfUser(db, whom.user_id)
    : null;
  const online = presence?.online === 1;
  return {
    ...contactView(whom, online, lastSeenOf(presence, online)),
    account: maskAccount(whom.account),
    setting: [],
    is_friend: 1,
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: '',
    lastContentUndo: 0,
    lastSendTime: Date.now(),
    lastFrom: 0,
    type: 'event',
  };
}

/** Both now see each other on their chat lists. */
async function becameFriends(env: Env, a: UserRow, b: UserRow): Promise<void> {
  const [forA, forB] = await Promise.all([newContactRow(env.DB, b), newContactRow(env.DB, a)]);
  await Promise.all([tell(env, a.user_id, 'appendContact', forA), tell(env, b.user_id, 'appendContact', forB)]);
  // A chat on both lists that opens with "You are now friends — say hi": a system
  // line each client words in its own language, not unread, from the one who answered.
  const conversation = conversationOf(a.user_id, String(b.user_id))!;
  const system = {
    kind: 'friends' as const,
    actor: { id: a.user_id, name: a.realname },
    targets: [{ id: b.user_id, name: b.realname }],
  };
  const sent = await conversationHub(env, conversation).send(conversation, {
    id: `friends-${nanoid()}`,
    from: userCard(a),
    type: 'event',
    content: '',
    extends: { system },
    pid: 0,
    file: null,
  });
  if (!sent.ok) console.error('the friends line was refused', sent.key);
}

const tellApplyCount = async (env: Env, uid: number) => tell(env, uid, 'applyCount', await pendingToMe(env.DB, uid));

// Counted with the look-ups: each request names a user, and nobody should be able to ask everyone.
friends.post('/add', burstLimit('lookup'), async (c) => {
  const { user_id: peer, remark } = input(c, FriendAddBody);
  const me = c.get('identity').uid;
  if (peer === me) throw refuse('friend.notAddOwn');
  const [target, before] = await Promise.all([activeUser(c.env.DB, peer), pairRows(c.env.DB, me, peer)]);
  if (areFriends(before)) throw refuse('friend.already');
  if (before.mine?.status === FRIEND_STATUS.PENDING) throw refuse('friend.repeatApply');
  const mine = await requestFriend(c.env.DB, me, peer, remark);
  if (!mine) throw refuse('friend.repeatApply');
  if (mine.status === FRIEND_STATUS.FRIENDS) {
    // They had asked me: this answers their request.
    const self = await activeUser(c.env.DB, me);
    await Promise.all([becameFriends(c.env, self, target), tellApplyCount(c.env, me)]);
    return c.json(
      envelope(
        { friend_id: mine.friend_id, status: mine.status } satisfies FriendAnswer,
        translate(c.get('lang'), 'friend.addOk'),
      ),
    );
  }
  const [self, pending] = await Promise.all([activeUser(c.env.DB, me), pendingToMe(c.env.DB, peer)]);
  const theirView = flipped({ mine, theirs: before.theirs });
  const event = {
    id: `apply-${mine.friend_id}-${mine.create_time}`,
    toContactId: 'system',
    is_group: 2,
    type: 'event',
    status: 'succeed',
    content: '',
    sendTime: mine.create_time * 1000,
    fromUser: { id: 'system', displayName: '' },
    apply: {
      friend_id: mine.friend_id,
      count: pending.count,
      from: personView(self, peer, theirView),
      remark: mine.remark,
    },
  } satisfies FriendApplyEvent;
  await tell(c.env, peer, 'simple', event);
  return c.json(
    envelope(
      { friend_id: mine.friend_id, status: mine.status } satisfies FriendAnswer,
      translate(c.get('lang'), 'friend.applyOk'),
    ),
  );
});

friends.post('/index', async (c) => {
  const { is_mine, page, limit } = input(c, FriendIndexBody);
  const me = c.get('identity').uid;
  const [{ rows, total }, pairs] = await Promise.all([
    listRequests(c.env.DB, me, is_mine === 1, page, limit),
    pairsOf(c.env.DB, me),
  ]);
  const users = await findUsersByIds(c.env.DB, [me, ...rows.flatMap((r) => [r.create_user, r.friend_user_id])]);
  const view = (uid: number) => personView(users.get(uid) ?? ghost(uid), me, pairs.get(uid));
  const list = rows.map(
    (r) =>
      ({
        friend_id: r.friend_id,
        create_user: r.create_user,
        friend_user_id: r.friend_user_id,
        status: r.status as 0 | 1 | 2,
        remark: r.remark,
        is_invite: r.is_invite,
        create_time: r.create_time,
        update_time: r.update_time,
        create_user_info: view(r.create_user),
        user_id_info: view(r.friend_user_id),
        is_group: 0,
      }) satisfies FriendRequest,
  );
  return c.json(envelope(list satisfies FriendRequest[], '', { count: total, page }));
});

/** A user row that no longer exists (never expected: users are disabled, not deleted). */
const ghost = (uid: number): UserRow => ({
  user_id: uid,
  account: '',
  realname: '',
  password_hash: '',
  avatar: '',
  email: '',
  sex: 2,
  motto: '',
  role: 0,
  is_auth: 0,
  status: 0,
  token_version: 0,
  is_demo: 0,
  last_login_time: 0,
  create_time: 0,
});

friends.post('/update', async (c) => {
  const { friend_id, status } = input(c, FriendUpdateBody);
  const me = c.get('identity').uid;
  const answered = await answerRequest(c.env.DB, me, friend_id, status === 1);
  if (!answered) {
    // Someone else's request, or none, gets the same answer: nothing tells them apart.
    const row = await findRequest(c.env.DB, friend_id);
    throw refuse(
      row && row.friend_user_id === me && row.status === FRIEND_STATUS.FRIENDS ? 'friend.already' : 'friend.notApply',
    );
  }
  const tasks = [tellApplyCount(c.env, me)];
  if (answered.status === FRIEND_STATUS.FRIENDS) {
    const people = await findUsersByIds(c.env.DB, [me, answered.create_user]);
    const [self, asker] = [people.get(me), people.get(answered.create_user)];
    if (self && asker) tasks.push(becameFriends(c.env, self, asker));
  }
  await Promise.all(tasks);
  return c.json(
    envelope(
      { friend_id: answered.friend_id, status: answered.status } satisfies FriendAnswer,
      translate(c.get('lang'), status === 1 ? 'friend.addOk' : 'system.success'),
    ),
  );
});

friends.post('/del', async (c) => {
  const { id: peer } = input(c, FriendDelBody);
  const me = c.get('identity').uid;
  if (!areFriends(await pairRows(c.env.DB, me, peer))) throw refuse('friend.not');
  await removePair(c.env.DB, me, peer);
  // The reference re-uses the group-removal event to drop the contact from both lists; the chat
  // leaves each side's list for good too (hidden until a new message), as the confirmation promises,
  // so a reload or another device does not bring it back.
  const conversation = conversationOf(me, String(peer))!;
  const hide = (user: number, contact: number) =>
    userHub(c.env, user).setChatPrefs(
      String(contact),
      conversation,
      0,
      { hidden: 1 },
      { type: 'delChat', data: { id: contact, is_group: 0, hidden: 1 } },
    );
  await Promise.all([hide(me, peer), hide(peer, me)]);
  await Promise.all([
    tell(c.env, peer, 'removeGroup', { group_id: me }),
    tell(c.env, me, 'removeGroup', { group_id: peer }),
  ]);
  return c.json(envelope(null, translate(c.get('lang'), 'system.success')));
});

// `friend_id` here is the friend's user id, not a request id (docs/decisions/0047).
friends.post('/setnickname', async (c) => {
  const { friend_id: peer, nickname } = input(c, FriendNicknameBody);
  const me = c.get('identity').uid;
  const row = await activeUser(c.env.DB, peer);
  if (!(await saveNickname(c.env.DB, me, peer, nickname))) throw refuse('friend.not');
  const update = {
    id: row.user_id,
    realname: row.realname,
    displayName: nickname,
    avatar: row.avatar,
    motto: row.motto,
  } satisfies UserUpdate;
  await tell(c.env, me, 'updateUser', update);
  return c.json(envelope(update satisfies UserUpdate, translate(c.get('lang'), 'system.editOk')));
});

friends.post('/getapplymsg', async (c) => {
  const { count, page } = await pendingToMe(c.env.DB, c.get('identity').uid);
  return c.json(envelope(count satisfies PendingCount, '', { count, page }));
});
