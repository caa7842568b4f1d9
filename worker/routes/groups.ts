// enterprise/group calls (with the checks the original lacked). Each names
// a group `group-N`; its ConversationHub checks the caller's rights against its own members and
// roles (the source of truth) and answers refusals as values. D1 gives only ids, names and config.
import { type Context, Hono } from 'hono';

import { createGroup } from '../actions/create-group';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { pairsOf } from '../db/friends';
import { cardOf as userCard, findUsersByIds } from '../db/users';
import type { GroupChange } from '../durable/conversation/group/ops';
import { conversationHub } from '../durable/stubs';
import { knownGroupParams } from '../middleware/known-group';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { chatSwitch, configNumber } from '../protocol/config-values';
import { memberName, muteSeconds } from '../protocol/group-rules';
import {
  EditGroupNameBody,
  GROUP_NAME_MAX,
  GroupAddBody,
  type GroupCard,
  GroupIdBody,
  type GroupInfo,
  GroupInfoBody,
  type GroupKey,
  type GroupMember,
  GroupSettingBody,
  GroupUserBody,
  GroupUserListBody,
  GroupUsersBody,
  JoinGroupBody,
  SetGroupNicknameBody,
  SetManagerBody,
  SetNoSpeakBody,
  SetNoticeBody,
} from '../protocol/groups';
import { DEFAULT_GROUP_USER_MAX } from '../protocol/limits';
import type { UserCard } from '../protocol/messages';
import { remarkOf } from '../services/person-view';
import { envelope, refuse, settled } from '../services/replies';
import { maskAccount } from '../services/user-view';
import { uploadGroupAvatar } from './group-avatar';
import { getAllUser, refuseStrangers } from './group-people';
import { groupOfToken, joinQr } from './group-qr';

export const groups = new Hono<AppEnv>();
groups.use('*', knownGroupParams);

/** Active users' cards by id; an id that names nobody active is refused. */
export async function cardsOf(db: D1Database, ids: number[]): Promise<UserCard[]> {
  const rows = await findUsersByIds(db, ids);
  return [...new Set(ids)].map((id) => {
    const row = rows.get(id);
    if (!row || row.status !== 1) throw refuse('user.notExist');
    return userCard(row);
  });
}

/** Applies a change in the group's hub and answers the caller's view of the group. */
async function change(c: Context<AppEnv>, id: string, body: GroupChange) {
  const card = settled(await conversationHub(c.env, id).group(id, body));
  return c.json(envelope(card satisfies GroupCard));
}

/** `chatInfo.groupUserMax`: members of one group; unset, 0 or nonsense means the default (500), never unlimited. */
const capOf = (chatInfo: { groupUserMax?: unknown }) =>
  configNumber(chatInfo.groupUserMax, DEFAULT_GROUP_USER_MAX) || DEFAULT_GROUP_USER_MAX;
export const memberCap = async (db: D1Database) => capOf((await loadConfig(db)).chatInfo);

// Changes to a group count against one limit per user (GROUP_LIMITER), as sends do against theirs.
const changeLimit = burstLimit('group');

groups.post('/add', changeLimit, async (c) => {
  const body = input(c, GroupAddBody);
  const me = c.get('me');
  const { chatInfo } = await loadConfig(c.env.DB);
  if (!chatSwitch(chatInfo, 'groupChat')) throw refuse('group.forbidCreate');
  const others = await cardsOf(
    c.env.DB,
    body.user_ids.filter((id) => id !== me.id),
  );
  if (others.length + 1 > capOf(chatInfo)) throw refuse('group.userLimit');
  await refuseStrangers(
    c.env.DB,
    me.id,
    others.map((u) => u.id),
  );
  const name =
    body.name ||
    [me, ...others]
      .map((u) => u.realname)
      .join(', ')
      .slice(0, GROUP_NAME_MAX);
  const { answer } = await createGroup(c.env, me, name, others);
  return c.json(envelope(settled(answer) satisfies GroupCard));
});

groups.post('/groupinfo', async (c) => {
  const { group_id } = input(c, GroupInfoBody);
  const me = c.get('identity').uid;
  const { card, qr } = settled(await conversationHub(c.env, group_id).groupView(group_id, me));
  // Only a member who may add people is handed the join QR (managers, while inviting is left to them).
  return c.json(
    envelope({
      ...card,
      ...(qr.share ? await joinQr(c, card.group_id, qr.version, me) : { qrUrl: '', qrExpire: 0 }),
    } satisfies GroupInfo),
  );
});

// A manager retires every join QR handed out so far (someone shared it too widely) and gets a new one.
groups.post('/resetqrcode', changeLimit, async (c) => {
  const { id } = input(c, GroupIdBody);
  const me = c.get('me');
  const card = settled(await conversationHub(c.env, id).group(id, { op: 'qr', actor: me }));
  const { qr } = settled(await conversationHub(c.env, id).groupView(id, me.id));
  return c.json(envelope({ ...card, ...(await joinQr(c, card.group_id, qr.version, me.id)) } satisfies GroupInfo));
});

groups.post('/groupuserlist', async (c) => {
  const { group_id, limit, page } = input(c, GroupUserListBody);
  const me = c.get('identity').uid;
  const { roster } = settled(await conversationHub(c.env, group_id).groupView(group_id, me));
  const shown = limit > 0 ? roster.slice((page - 1) * limit, page * limit) : roster;
  const [users, pairs] = await Promise.all([
    findUsersByIds(
      c.env.DB,
      shown.map((m) => m.user_id),
    ),
    pairsOf(c.env.DB, me),
  ]);
  const list = shown.flatMap((m): GroupMember[] => {
    const u = users.get(m.user_id);
    if (!u) return [];
    // The name I see them by in this group: my remark, else their group nickname, else their name.
    const displayName = memberName(remarkOf(pairs.get(m.user_id)), m.nickname, u.realname);
    const userInfo = {
      id: u.user_id,
      displayName,
      realname: u.realname,
      account: maskAccount(u.account),
      avatar: u.avatar,
    };
    return [{ ...m, userInfo }];
  });
  return c.json(envelope(list satisfies GroupMember[], '', { count: roster.length, page }));
});

groups.post('/addgroupuser', changeLimit, async (c) => {
  const { id, user_ids } = input(c, GroupUsersBody);
  const users = await cardsOf(c.env.DB, user_ids);
  await refuseStrangers(
    c.env.DB,
    c.get('identity').uid,
    users.map((u) => u.id),
  );
  return change(c, id, { op: 'add', actor: c.get('me'), users, max: await memberCap(c.env.DB) });
});

groups.post('/removeuser', changeLimit, async (c) => {
  const { id, user_id } = input(c, GroupUserBody);
  const [target] = await targetCards(c.env.DB, [user_id]);
  return change(c, id, { op: 'remove', actor: c.get('me'), target: target! });
});

groups.post('/setmanager', changeLimit, async (c) => {
  const { id, user_id, role } = input(c, SetManagerBody);
  const [target] = await targetCards(c.env.DB, [user_id]);
  return change(c, id, { op: 'role', actor: c.get('me'), target: target!, role: role as 2 | 3 });
});

groups.post('/changeowner', changeLimit, async (c) => {
  const { id, user_id } = input(c, GroupUserBody);
  const [target] = await cardsOf(c.env.DB, [user_id]);
  return change(c, id, { op: 'owner', actor: c.get('me'), target: target! });
});

groups.post('/editgroupname', changeLimit, async (c) => {
  const { id, displayName } = input(c, EditGroupNameBody);
  return change(c, id, { op: 'rename', actor: c.get('me'), name: displayName });
});

groups.post('/setnotice', changeLimit, async (c) => {
  const { id, notice } = input(c, SetNoticeBody);
  return change(c, id, { op: 'notice', actor: c.get('me'), notice, messageId: crypto.randomUUID() });
});

groups.post('/groupsetting', changeLimit, async (c) => {
  const { id, setting } = input(c, GroupSettingBody);
  return change(c, id, { op: 'setting', actor: c.get('me'), setting });
});

// `banned` is the same call under the name some clients of the original use.
for (const path of ['/setnospeak', '/banned']) {
  groups.post(path, changeLimit, async (c) => {
    const { id, user_id, noSpeakTimer, noSpeakDay } = input(c, SetNoSpeakBody);
    const [target] = await targetCards(c.env.DB, [user_id]);
    const until = Math.floor(Date.now() / 1000) + muteSeconds(noSpeakTimer, noSpeakDay);
    return change(c, id, { op: 'mute', actor: c.get('me'), target: target!, until });
  });
}

// Clear history: the group's owner only. An operator clears a group from the
// console (manage/group/clearMessage: a super admin, outside the demo lock, audited).
groups.post('/clearmessage', changeLimit, async (c) => {
  const { id } = input(c, GroupIdBody);
  settled(await conversationHub(c.env, id).clearHistory(id, c.get('me'), false));
  return c.json(envelope({ group_id: id } satisfies GroupKey));
});

// My nickname in this group: members only, for themselves.
groups.post('/setnickname', changeLimit, async (c) => {
  const { id, nickname } = input(c, SetGroupNicknameBody);
  return change(c, id, { op: 'nickname', actor: c.get('me'), nickname });
});

groups.post('/uploadavatar', changeLimit, uploadGroupAvatar);

groups.post('/removegroup', changeLimit, async (c) => {
  const { id } = input(c, GroupIdBody);
  return change(c, id, { op: 'dissolve', actor: c.get('me') });
});

groups.post('/joingroup', burstLimit('lookup'), async (c) => {
  const { token } = input(c, JoinGroupBody);
  const { id, claims } = await groupOfToken(c.env, token);
  return change(c, id, { op: 'join', actor: c.get('me'), max: await memberCap(c.env.DB), token: claims });
});

groups.post('/getalluser', burstLimit('lookup'), getAllUser);

/** Targets of a removal or mute may have left the service since; they are named by id alone then. */
export async function targetCards(db: D1Database, ids: number[]): Promise<UserCard[]> {
  const rows = await findUsersByIds(db, ids);
  return ids.map((id) => {
    const row = rows.get(id);
    return row ? userCard(row) : { id, user_id: id, realname: String(id), displayName: String(id), avatar: '' };
  });
}
