// Fakes for the group tests: one group held as the server would (card, members, settings), whose
// calls change it and answer with the protocol's own schemas, plus the app opened as ME.
import * as v from 'valibot';

import {
  DEFAULT_GROUP_SETTING,
  type GroupCard,
  GroupCardSchema,
  type GroupMember,
  GroupMemberSchema,
  type GroupSetting,
} from '@protocol/groups';
import { ChatSummarySchema } from '@protocol/responses';

import { envelope, ME, serve } from './friends-fakes';

export { ME };
export const GROUP = 'group-5';

export function member(id: number, role: number, name = `User ${id}`, noSpeak = 0, nickname = ''): GroupMember {
  return v.parse(GroupMemberSchema, {
    user_id: id,
    role,
    join_time: 1_700_000_000,
    no_speak_time: noSpeak,
    nickname,
    userInfo: { id, displayName: nickname || name, account: `138******${id}`, avatar: '' },
  });
}

export interface FakeGroup {
  name: string;
  notice: string;
  setting: GroupSetting;
  members: GroupMember[];
  /** The uploaded picture's address; '' for none. */
  avatar?: string;
}

/** Alice (ME), Bình (21), Chi (22), Dũng (23); `myRole` is Alice's, the owner is Bình unless Alice is. */
export function fakeGroup(myRole: number, patch: Partial<FakeGroup> = {}): FakeGroup {
  const owner = myRole === 1 ? ME : 21;
  return {
    name: 'Hikers',
    notice: 'Meet at 7',
    setting: { ...DEFAULT_GROUP_SETTING },
    members: [
      member(owner, 1, owner === ME ? 'Alice' : 'Bình'),
      ...(myRole === 1 ? [member(21, 2, 'Bình')] : [member(ME, myRole, 'Alice')]),
      member(22, 3, 'Chi'),
      member(23, 3, 'Dũng'),
    ].sort((a, b) => a.role - b.role),
    ...patch,
  };
}

export function cardOf(g: FakeGroup, viewer = ME): GroupCard {
  const owner = g.members.find((m) => m.role === 1)!;
  return v.parse(GroupCardSchema, {
    id: GROUP,
    group_id: 5,
    displayName: g.name,
    name: g.name,
    avatar: g.avatar ?? '',
    notice: g.notice,
    owner_id: owner.user_id,
    create_time: 1_700_000_000,
    setting: g.setting,
    groupUserCount: g.members.length,
    role: g.members.find((m) => m.user_id === viewer)?.role ?? 0,
    isJoin: g.members.some((m) => m.user_id === viewer) ? 1 : 0,
    is_group: 1,
  });
}

/** The group's chat row as getContacts lists it. */
export const groupRow = (g: FakeGroup) =>
  v.parse(ChatSummarySchema, {
    id: GROUP,
    user_id: 0,
    realname: g.name,
    displayName: g.name,
    avatar: '',
    motto: '',
    index: 'H',
    is_group: 1,
    is_online: 0,
    last_seen: 0,
    account: '',
    setting: g.setting,
    role: cardOf(g).role,
    groupUserCount: g.members.length,
    is_top: 0,
    is_notice: 1,
    unread: 0,
    lastContent: 'hello',
    lastContentUndo: 0,
    lastSendTime: 1_700_000_000_000,
    lastFrom: 21,
    type: 'text',
  });

/** Serves the group's calls from `g` (changed by them); `extra` adds or overrides paths. */
export function serveGroup(g: FakeGroup, extra: Record<string, (body: Record<string, unknown>) => unknown> = {}) {
  const find = (id: unknown) => g.members.find((m) => m.user_id === Number(id));
  const answer = () => cardOf(g);
  return serve({
    '/enterprise/im/getContacts': () => envelope({ data: [groupRow(g)], count: 0, page: 0 }),
    '/enterprise/im/getMessageList': () => [],
    '/enterprise/im/setMsgIsRead': () => ({ readSeq: 0 }),
    '/enterprise/group/groupInfo': () => ({
      ...cardOf(g),
      qrUrl: 'http://localhost/scan/g/tok',
      qrExpire: 1_900_000_000,
    }),
    // As the server pages: `limit` 0 is everyone.
    '/enterprise/group/groupUserList': (b) => {
      const limit = Number(b.limit ?? 0);
      const page = Number(b.page ?? 1);
      const data = limit > 0 ? g.members.slice((page - 1) * limit, page * limit) : g.members;
      return envelope({ data, count: g.members.length, page });
    },
    '/enterprise/group/setNickname': (b) => {
      const mine = find(ME)!;
      Object.assign(mine, {
        nickname: String(b.nickname),
        userInfo: { ...mine.userInfo, displayName: String(b.nickname) || 'Alice' },
      });
      return answer();
    },
    '/enterprise/group/clearMessage': () => ({ group_id: GROUP }),
    '/enterprise/group/groupSetting': (b) => ((g.setting = { ...g.setting, ...(b.setting as object) }), answer()),
    '/enterprise/group/setNotice': (b) => ((g.notice = String(b.notice)), answer()),
    '/enterprise/group/editGroupName': (b) => ((g.name = String(b.displayName)), answer()),
    '/enterprise/group/setManager': (b) => (Object.assign(find(b.user_id)!, { role: b.role }), answer()),
    '/enterprise/group/setNoSpeak': (b) => (
      Object.assign(find(b.user_id)!, {
        no_speak_time: b.noSpeakTimer === 1 ? Math.floor(Date.now() / 1000) + 600 : 0,
      }),
      answer()
    ),
    '/enterprise/group/removeUser': (b) => (
      (g.members = g.members.filter((m) => m.user_id !== Number(b.user_id))),
      answer()
    ),
    '/enterprise/group/changeOwner': (b) => {
      for (const m of g.members) if (m.role === 1) m.role = 3;
      find(b.user_id)!.role = 1;
      return answer();
    },
    '/enterprise/group/removeGroup': () => null,
    '/enterprise/group/resetQrcode': () => ({
      ...cardOf(g),
      qrUrl: 'http://localhost/scan/g/fresh',
      qrExpire: 1_900_000_000,
    }),
    ...extra,
  });
}
