// enterprise/im chat-list calls: contacts, pin, mute, delete chat.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';

import { requireMember, resolveConversation } from '../actions/conversation-access';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { pairRows, pairsOf, pendingToMe } from '../db/friends';
import { collagesOf, formerCollagesOf, formerGroups, groupsOf } from '../db/group-projection';
import { USER_DELETED } from '../db/manage-users';
import { agentPairsOf } from '../db/user-notes';
import { findUserById, findUsersByIds, listActiveUsers, presenceOf, presenceOfUser, type UserRow } from '../db/users';
import { userHub } from '../durable/stubs';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { chatSwitch } from '../protocol/config-values';
import { GONE_REASONS } from '../protocol/groups';
import { groupChatKey, groupIdOf } from '../protocol/ids';
import { ChatNoticeBody, ChatTopBody, ContactInfoBody, DelChatBody } from '../protocol/messages';
import type { ChatPrefs, ChatSummary, ContactCard } from '../protocol/responses';
import { MessageTypeSchema } from '../protocol/wire';
import { contactForWire } from '../services/event-view';
import { areFriends } from '../services/friendship';
import { groupSummary } from '../services/group-contacts';
import { translate } from '../services/i18n';
import { displayNameOf } from '../services/person-view';
import { envelope, refuse } from '../services/replies';
import { addressBookFilter, isSocialMode } from '../services/run-mode';
import { contactView, lastSeenOf, maskAccount } from '../services/user-view';

const GoneSchema = v.fallback(v.picklist(GONE_REASONS), 'removed');

export const chats = new Hono<AppEnv>();

chats.post('/getcontacts', async (c) => {
  const me = c.get('identity').uid;
  // Each is someone else (the list leaves the viewer out), so each account goes out masked.
  const [users, state, presence, pairs, config, pending, myGroups, collages] = await Promise.all([
    listActiveUsers(c.env.DB),
    userHub(c.env, me).listChats(me),
    presenceOf(c.env.DB),
    pairsOf(c.env.DB, me),
    loadConfig(c.env.DB),
    pendingToMe(c.env.DB, me),
    groupsOf(c.env.DB, me),
    collagesOf(c.env.DB, me),
  ]);
  const byContact = new Map(state.map((row) => [row.contact_id, row]));
  // With chatInfo.online off nobody's presence leaves the server: everyone reads offline, never seen.
  const showPresence = chatSwitch(config.chatInfo, 'online');
  // Mode 2 lists a user's customer-service agent both ways; mode 1 pays no query for it.
  const agents = isSocialMode(config) ? await agentPairsOf(c.env.DB, me) : undefined;
  const listed = addressBookFilter(config, me, users, pairs, byContact, agents);
  const deleted = await deletedPeers(c.env.DB, state, users, translate(c.get('lang'), 'user.deleted'));
  const list: ChatSummary[] = [...users.filter((u) => u.user_id !== me && listed(u)), ...deleted].map((u) => {
    const chat = byContact.get(String(u.user_id));
    const visible = chat && !chat.hidden;
    const seen = showPresence ? presence.get(u.user_id) : undefined;
    const online = seen?.online === 1;
    const pair = pairs.get(u.user_id);
    return {
      ...contactView(u, online, lastSeenOf(seen, online)),
      displayName: displayNameOf(u.realname, pair),
      account: maskAccount(u.account),
      setting: [],
      is_friend: pair && areFriends(pair) ? 1 : 0,
      ...(u.status === USER_DELETED ? { is_deleted: 1 as const } : {}),
      is_top: chat?.is_top ?? 0,
      is_notice: chat?.is_notice ?? 1,
      unread: visible ? chat.unread : 0,
      lastContent: visible ? chat.last_content : '',
      lastContentUndo: visible ? chat.last_undo : 0,
      lastSendTime: visible ? chat.last_send_time : 0,
      lastFrom: visible ? chat.last_from : 0,
      // A chat pinned or muted before any message has no type yet.
      type: visible && v.is(MessageTypeSchema, chat.last_type) ? chat.last_type : undefined,
    } satisfies ChatSummary;
  });
  const isType = (t: string) => v.is(MessageTypeSchema, t);
  // A group's preview names its last sender ("Chi: …") as I name them.
  const byId = new Map(users.map((u) => [u.user_id, u]));
  const nameOf = (id: number) => {
    const u = byId.get(id);
    return u ? displayNameOf(u.realname, pairs.get(id)) : '';
  };
  for (const row of myGroups)
    list.push(groupSummary(row, byContact.get(groupChatKey(row.group_id)), isType, collages.get(row.group_id), nameOf));
  // Groups I was removed from, left, or that were dissolved: their chat stays, read-only, until I delete it.
  const mine = new Set(myGroups.map((g) => groupChatKey(g.group_id)));
  const gone = state.filter((row) => row.is_group && row.gone && !row.hidden && !mine.has(row.contact_id));
  const goneIds = gone.map((row) => groupIdOf(row.contact_id) ?? 0);
  const [former, formerCollages] = await Promise.all([
    formerGroups(c.env.DB, goneIds),
    formerCollagesOf(c.env.DB, goneIds),
  ]);
  for (const row of former) {
    const chat = byContact.get(groupChatKey(row.group_id))!;
    list.push({
      ...groupSummary(row, chat, isType, formerCollages.get(row.group_id), nameOf),
      groupUserCount: 0,
      gone: v.parse(GoneSchema, chat.gone),
    });
  }
  // The envelope carries the pending friend requests to me and the newest one's time (ms), as the reference's does.
  return c.json(envelope(list satisfies ChatSummary[], '', pending));
});

/**
 * The people of my one-to-one chats whose account an operator deleted: the chat
 * and its messages stay, read-only, named `label` ("Deleted user") in the viewer's language.
 */
async function deletedPeers(
  db: D1Database,
  state: { contact_id: string; is_group: number; hidden: number }[],
  active: UserRow[],
  label: string,
): Promise<UserRow[]> {
  const known = new Set(active.map((u) => String(u.user_id)));
  const ids = state
    .filter((r) => !r.is_group && !r.hidden && !known.has(r.contact_id))
    .map((r) => Number(r.contact_id));
  if (ids.length === 0) return [];
  const rows = await findUsersByIds(db, ids);
  return [...rows.values()].filter((u) => u.status === USER_DELETED).map((u) => ({ ...u, realname: label }));
}

/** How long opening a chat keeps the viewer subscribed to the peer's presence. */
const WATCH_MS = 30 * 60_000;

// One contact's card with live presence; opening a chat calls it, which also subscribes the
// viewer to the peer's online changes even before they have exchanged a message.
chats.post('/getcontactinfo', burstLimit('lookup'), async (c) => {
  const { id } = input(c, ContactInfoBody);
  const me = c.get('identity').uid;
  const peer = Number(id);
  const row = Number.isSafeInteger(peer) && peer !== me ? await findUserById(c.env.DB, peer) : null;
  if (row?.status === USER_DELETED) {
    const label = translate(c.get('lang'), 'user.deleted');
    return c.json(envelope(contactView({ ...row, realname: label }, false) satisfies ContactCard));
  }
  if (!row || row.status !== 1) throw refuse('user.notExist');
  // With chatInfo.online off nobody watches anyone: no live frames, and the card reads offline.
  const showPresence = chatSwitch((await loadConfig(c.env.DB)).chatInfo, 'online');
  const [online, presence, pair] = await Promise.all([
    showPresence && userHub(c.env, peer).watchPresence(me, WATCH_MS),
    showPresence ? presenceOfUser(c.env.DB, peer) : null,
    pairRows(c.env.DB, me, peer),
  ]);
  const card = {
    ...contactView(row, online, lastSeenOf(presence, online)),
    displayName: displayNameOf(row.realname, pair),
  };
  return c.json(envelope(card satisfies ContactCard));
});

async function savePrefs(
  c: Context<AppEnv>,
  id: string,
  prefs: { is_top?: number; is_notice?: number; hidden?: number },
  type: 'setChatTop' | 'setIsNotice' | 'delChat',
) {
  const me = c.get('identity').uid;
  const { conversation, isGroup } = await resolveConversation(c.env.DB, me, id);
  // Otherwise anyone could put a group they are not in on their chat list, and learn that it exists.
  // A former member (removed, left, dissolved) may still delete the chat their list keeps of it.
  const formerChat = isGroup && type === 'delChat' && (await userHub(c.env, me).isGoneChat(conversation));
  if (isGroup && !formerChat) await requireMember(c.env, conversation, me);
  const data = { id: contactForWire(me, conversation), is_group: isGroup, ...prefs } satisfies ChatPrefs;
  await userHub(c.env, me).setChatPrefs(String(data.id), conversation, isGroup, prefs, { type, data });
  return c.json(envelope(data satisfies ChatPrefs));
}

chats.post('/setchattop', (c) => {
  const body = input(c, ChatTopBody);
  return savePrefs(c, body.id, { is_top: body.is_top }, 'setChatTop');
});

chats.post('/isnotice', (c) => {
  const body = input(c, ChatNoticeBody);
  return savePrefs(c, body.id, { is_notice: body.is_notice }, 'setIsNotice');
});

chats.post('/delchat', (c) => {
  const body = input(c, DelChatBody);
  return savePrefs(c, body.id, { hidden: 1 }, 'delChat');
});
