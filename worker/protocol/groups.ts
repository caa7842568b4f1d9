// The group calls: request bodies, the group's settings and
// roles, the system lines a group change leaves in the chat, and the answers. Shared by the
// Worker and the web app.
import * as v from 'valibot';

import { intLike, text } from './fields';
import { GROUP_KEY_PATTERN } from './ids';

/** Roles: a smaller number is a higher rank. */
export const ROLE = { OWNER: 1, ADMIN: 2, MEMBER: 3 } as const;

/** People added in one call. */
export const GROUP_ADD_MAX = 20;
export const GROUP_NAME_MAX = 30;
export const GROUP_NOTICE_MAX = 1000;
/** My nickname in a group: at most this many characters; empty means none. */
export const GROUP_NICKNAME_MAX = 30;
/** Per-member mute presets (the original's setNoSpeak): timer 1–4; timer 0 means `noSpeakDay` days. */
export const NO_SPEAK_SECONDS = [0, 600, 3600, 10800, 86400] as const;
export const NO_SPEAK_DAYS_MAX = 365;

/** `group.setting`; the original's UIs write "0"/"1"/"2", so strings are accepted. */
export const GroupSettingSchema = v.object({
  manage: v.picklist([0, 1]),
  invite: v.picklist([0, 1]),
  profile: v.picklist([0, 1]),
  history: v.picklist([0, 1]),
  nospeak: v.picklist([0, 1, 2]),
});
export type GroupSetting = v.InferOutput<typeof GroupSettingSchema>;
export const DEFAULT_GROUP_SETTING: GroupSetting = { manage: 0, invite: 1, profile: 1, history: 0, nospeak: 0 };

const loose = v.pipe(
  v.union([v.number(), v.string(), v.boolean()]),
  v.transform((x) => (x === true ? 1 : x === false ? 0 : Number(x))),
);
const onOff = v.pipe(loose, v.picklist([0, 1] as const));

/** groupSetting: any of the keys; the rest keep their value. */
export const GroupSettingInput = v.partial(
  v.object({
    manage: onOff,
    invite: onOff,
    profile: onOff,
    history: onOff,
    nospeak: v.pipe(loose, v.picklist([0, 1, 2] as const)),
  }),
);

const groupId = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(String),
  v.regex(GROUP_KEY_PATTERN, 'system.parameterError'),
);
const userId = v.pipe(intLike(), v.minValue(1));
const userIds = v.pipe(
  v.array(userId),
  v.minLength(1, 'system.parameterError'),
  v.maxLength(GROUP_ADD_MAX, 'group.inviteLimit'),
);

export const GroupAddBody = v.object({ user_ids: userIds, name: v.optional(text(GROUP_NAME_MAX, 'group.name'), '') });
export const GroupIdBody = v.object({ id: groupId });
/** groupInfo and groupUserList name the group `group_id` (as the reference does). */
export const GroupInfoBody = v.object({ group_id: groupId });
export const GroupUserListBody = v.object({
  group_id: groupId,
  limit: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(1000)), 0),
  page: v.optional(v.pipe(intLike(), v.minValue(1)), 1),
});
export const GroupUsersBody = v.object({ id: groupId, user_ids: userIds });
export const GroupUserBody = v.object({ id: groupId, user_id: userId });
export const SetManagerBody = v.object({ id: groupId, user_id: userId, role: v.pipe(intLike(), v.picklist([2, 3])) });
export const EditGroupNameBody = v.object({
  id: groupId,
  displayName: v.pipe(text(GROUP_NAME_MAX, 'group.name'), v.minLength(1, 'group.name')),
});
export const SetNoticeBody = v.object({
  id: groupId,
  notice: v.pipe(text(GROUP_NOTICE_MAX, 'group.notice'), v.minLength(1, 'group.notice')),
});
export const GroupSettingBody = v.object({ id: groupId, setting: GroupSettingInput });
export const SetNoSpeakBody = v.object({
  id: groupId,
  user_id: userId,
  /** 1–4: the presets; 0: `noSpeakDay` days, so timer 0 with day 0 ends a mute. */
  noSpeakTimer: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(4)), 1),
  noSpeakDay: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(NO_SPEAK_DAYS_MAX)), 1),
});
export const GetAllUserBody = v.object({ user_ids: v.optional(v.array(userId), []), group_id: v.optional(groupId) });
/** setNickname: my nickname in this group, trimmed; empty clears it. */
export const SetGroupNicknameBody = v.object({
  id: groupId,
  nickname: v.optional(text(GROUP_NICKNAME_MAX, 'group.nickname'), ''),
});
export const JoinGroupBody = v.object({ token: v.pipe(v.string(), v.maxLength(1024)) });

/** Why a group left my membership while its chat stays on my list, read-only, until I delete it. */
export const GONE_REASONS = ['removed', 'left', 'dissolved'] as const;
export type GoneReason = (typeof GONE_REASONS)[number];

/** What a system line records (docs/decisions/0050): each client words it in its own language. */
export const SYSTEM_KINDS = [
  'created',
  'added',
  'left',
  'removed',
  'admin',
  'unadmin',
  'owner',
  'renamed',
  'notice',
  'muted',
  'unmuted',
  'joined',
  'dissolved',
  'sendMode',
  'cleared',
  'friends',
] as const;
const Named = v.object({ id: v.number(), name: v.string() });
export const SystemLineSchema = v.object({
  kind: v.picklist(SYSTEM_KINDS),
  actor: Named,
  targets: v.array(Named),
  /** renamed: the new name; muted: until when (unix s). */
  name: v.optional(v.string()),
  until: v.optional(v.number()),
  /** sendMode: who may send now (`setting.nospeak`: 0 everyone, 1 managers, 2 the owner). */
  mode: v.optional(v.picklist([0, 1, 2])),
});
export type SystemLine = v.InferOutput<typeof SystemLineSchema>;

/** A member as groupUserList answers it. */
export const GroupMemberSchema = v.object({
  user_id: v.number(),
  role: v.number(),
  join_time: v.number(),
  /** Muted until (unix s); 0 when not muted. */
  no_speak_time: v.number(),
  /** Their nickname in this group, '' when none (names in the group: my remark, else this, else their name). */
  nickname: v.string(),
  /** `realname`: their own name, which the group's collage draws in every place (the chat list's too); absent from older servers. */
  userInfo: v.object({
    id: v.number(),
    displayName: v.string(),
    realname: v.optional(v.string()),
    account: v.string(),
    avatar: v.string(),
  }),
});
export type GroupMember = v.InferOutput<typeof GroupMemberSchema>;

/** groupInfo, and the card addGroup pushes. */
export const GroupCardSchema = v.object({
  id: v.string(),
  group_id: v.number(),
  displayName: v.string(),
  name: v.string(),
  avatar: v.string(),
  notice: v.string(),
  owner_id: v.number(),
  create_time: v.number(),
  setting: GroupSettingSchema,
  groupUserCount: v.number(),
  /** My role, 0 when I am not a member. */
  role: v.number(),
  isJoin: v.number(),
  is_group: v.literal(1),
});
export type GroupCard = v.InferOutput<typeof GroupCardSchema>;

/** groupInfo and resetQrcode: the card with the join link its QR encodes ('' when I may not share it) and when the link expires (ms). */
export const GroupInfoSchema = v.object({
  ...GroupCardSchema.entries,
  qrUrl: v.optional(v.string(), ''),
  qrExpire: v.optional(v.number(), 0),
});
export type GroupInfo = v.InferOutput<typeof GroupInfoSchema>;

/** POST scan/g/{token}: the group a join QR names, as a card to join from, with the token to join by. */
export const GroupScanCardSchema = v.object({
  ...GroupCardSchema.entries,
  token: v.optional(v.string(), ''),
  action: v.optional(v.literal('groupInfo'), 'groupInfo'),
});
export type GroupScanCard = v.InferOutput<typeof GroupScanCardSchema>;

/** Someone to pick (getAllUser): `disabled` when already chosen or already a member. */
export const PickableSchema = v.object({
  id: v.number(),
  user_id: v.number(),
  realname: v.string(),
  displayName: v.string(),
  avatar: v.string(),
  account: v.optional(v.string(), ''),
  disabled: v.optional(v.boolean(), false),
});
export type Pickable = v.InferOutput<typeof PickableSchema>;
export const PickableListSchema = v.array(PickableSchema);

/** clearMessage (the app's and the console's) and the console's group changes: the group, by its key (`group-7`). */
export const GroupKeySchema = v.object({ group_id: v.string() });
export type GroupKey = v.InferOutput<typeof GroupKeySchema>;
