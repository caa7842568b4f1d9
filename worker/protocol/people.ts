// The people calls: friends and requests, user search and the
// directory, QR cards, avatars and account changes. Request
// bodies and the `data` of each answer, one valibot schema each, shared by the Worker and the web.
import * as v from 'valibot';

import { flag, intLike, requiredText, text, TEXT_MAX } from './fields';
import { PASSWORD_MAX, PASSWORD_MIN, REALNAME_MAX } from './limits';

export { REALNAME_MAX };

/** A friend request's verification text (the original's `remark`). */
export const APPLY_TEXT_MAX = 100;
/** My remark name for a friend (the original's `nickname`). */
export const NICKNAME_MAX = 32;
/** Profile fields: name and signature (text input max 140). */
export const MOTTO_MAX = TEXT_MAX;
export const EMAIL_MAX = 64;
/** A QR card is valid this long (7 days). */
export const QR_VALID_SECONDS = 7 * 86400;
/** Avatars: images only, at most this many MB whatever fileUpload.size says. */
export const AVATAR_MAX_MB = 5;
export const AVATAR_EXT = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
const PEOPLE_PAGE_MAX = 50;

/** Friend statuses: 0 declined, 1 friends, 2 pending. */
export const FRIEND_STATUS = { DECLINED: 0, FRIENDS: 1, PENDING: 2 } as const;

const page = v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(100000)), 1);
const limit = v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(PEOPLE_PAGE_MAX)), 20);
const userId = v.pipe(intLike(), v.minValue(1));

// ── Requests ────────────────────────────────────────────────────────────────────────────────

/** friend/add: `remark` is the verification text the other person reads. */
export const FriendAddBody = v.object({
  user_id: userId,
  remark: v.optional(text(APPLY_TEXT_MAX, 'friend.applyTextLimit'), ''),
});
/** friend/index: `is_mine` 1 = requests I sent, 0 = requests I received. */
export const FriendIndexBody = v.object({ is_mine: v.optional(flag(), 0), page, limit });
/** friend/update: `friend_id` is the request's id; `status` 1 accepts, 0 declines. */
export const FriendUpdateBody = v.object({ friend_id: userId, status: v.pipe(intLike(), v.picklist([0, 1])) });
/** friend/del: `id` is the friend's user id; both sides stop being friends. */
export const FriendDelBody = v.object({ id: userId });
/** friend/setNickname: `friend_id` is the friend's user id (not a request id); the remark is required. */
export const FriendNicknameBody = v.object({
  friend_id: userId,
  nickname: requiredText(NICKNAME_MAX, 'friend.remarkRequired'),
});
/** im/searchUser: exact account (search is by user account). */
export const SearchUserBody = v.object({ keywords: requiredText(64, 'user.accountVerify') });
/** im/userList: the directory, fuzzy by account, name and pinyin initials; paged. */
export const UserListBody = v.object({ keywords: v.optional(text(64), ''), page, limit });
/** scan/u/{token} and scan/g/{token}: the token is in the path; `realToken` (the original's body field) is accepted too. */
export const ScanBody = v.object({ realToken: v.optional(text(2048)) });
/** im/editAccount: the new account, a code sent to it, and a code sent to the current one when that is verified. */
export const EditAccountBody = v.object({
  account: requiredText(64, 'user.accountRule'),
  newCode: requiredText(6, 'user.newCodeRequired'),
  code: v.optional(text(6), ''),
  /** The current password: the proof asked when no code can reach the current account (not verified). */
  password: v.optional(v.pipe(v.string(), v.maxLength(PASSWORD_MAX)), ''),
});
export { PASSWORD_MAX, PASSWORD_MIN };

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

/** How I stand with a person: friends, a request I sent or received and not yet answered, or nothing. */
const RelationSchema = v.picklist(['none', 'friend', 'sent', 'received', 'self']);
export type Relation = v.InferOutput<typeof RelationSchema>;

/**
 * A person as search, the directory, requests and cards show them. `displayName` is my remark
 * for them when I set one, else their name; `account` is masked for anyone but me.
 */
export const PersonSchema = v.object({
  id: v.number(),
  user_id: v.number(),
  realname: v.string(),
  displayName: v.string(),
  /** My remark name for them ('' when none). */
  nickname: v.string(),
  account: v.string(),
  avatar: v.string(),
  motto: v.string(),
  /** 0 female, 1 male, 2 unknown. */
  sex: v.number(),
  /** The letter A–Z the address book files them under, or '#'. */
  index: v.string(),
  relation: RelationSchema,
  /** The pending request between us, when there is one (accept/decline need its id). */
  friend_id: v.optional(v.number()),
  /** Where they last logged in from ('' unless sysInfo.ipregion is on and it is known). */
  location: v.optional(v.string()),
});
export type Person = v.InferOutput<typeof PersonSchema>;
export const PersonListSchema = v.array(PersonSchema);

/** One friend request (friend/index): who asked whom, the text, and where it stands. */
export const FriendRequestSchema = v.object({
  friend_id: v.number(),
  create_user: v.number(),
  friend_user_id: v.number(),
  /** 0 declined, 1 accepted, 2 pending. */
  status: v.picklist([0, 1, 2]),
  remark: v.string(),
  is_invite: v.number(),
  /** Unix seconds. */
  create_time: v.number(),
  update_time: v.number(),
  create_user_info: PersonSchema,
  user_id_info: PersonSchema,
  is_group: v.literal(0),
});
export type FriendRequest = v.InferOutput<typeof FriendRequestSchema>;
export const FriendRequestListSchema = v.array(FriendRequestSchema);

/** The `applyCount` frame: pending requests to me, and the newest one's time (ms). (getApplyMsg answers the count as its `data`; getContacts puts both in its envelope's `count` and `page`.) */
export const ApplyCountSchema = v.object({ count: v.number(), page: v.number() });

/** im/myQrCode: my card's QR link (`{origin}/scan/u/{token}`), valid until `expire` (ms). */
export const QrCodeSchema = v.object({ url: v.string(), token: v.string(), expire: v.number() });
export type QrCode = v.InferOutput<typeof QrCodeSchema>;

/** POST scan/u/{token}: the person behind a valid card QR. (scan/g arrives with groups.) */
export const ScanResultSchema = v.object({ ...PersonSchema.entries, action: v.literal('userInfo') });
export type ScanResult = v.InferOutput<typeof ScanResultSchema>;

/** uploadAvatar: the new avatar's address. */
export const AvatarResultSchema = v.object({ avatar: v.string() });
export type AvatarResult = v.InferOutput<typeof AvatarResultSchema>;

/** A person's profile changed, or my remark for them did: what every screen showing them redraws. */
export const UserUpdateSchema = v.object({
  id: v.number(),
  realname: v.string(),
  displayName: v.string(),
  avatar: v.string(),
  motto: v.string(),
});
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

/**
 * A friend request arriving live: a pseudo message for the 'system' inbox, counted
 * only in the system unread, with the pending count and who asked.
 */
export const FriendApplyEventSchema = v.object({
  id: v.string(),
  toContactId: v.literal('system'),
  is_group: v.literal(2),
  type: v.literal('event'),
  status: v.literal('succeed'),
  content: v.string(),
  sendTime: v.number(),
  fromUser: v.object({ id: v.literal('system'), displayName: v.string() }),
  apply: v.object({ friend_id: v.number(), count: v.number(), from: PersonSchema, remark: v.string() }),
});
export type FriendApplyEvent = v.InferOutput<typeof FriendApplyEventSchema>;

/** friend/add and friend/update: the request and where it stands (1 friends, 2 pending, 0 declined). */
export const FriendAnswerSchema = v.object({ friend_id: v.number(), status: v.number() });
export type FriendAnswer = v.InferOutput<typeof FriendAnswerSchema>;

/** friend/getApplyMsg: how many requests to me are pending. */
export const PendingCountSchema = v.number();
export type PendingCount = v.InferOutput<typeof PendingCountSchema>;
