// Request schemas of the account endpoints (common/pub/*, enterprise/im user calls).
import * as v from 'valibot';

import { intLike, requiredText, text } from './fields';
import { ACCOUNT_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX } from './people';

export const password = v.pipe(
  v.string('user.passwordRule'),
  v.minLength(PASSWORD_MIN, 'user.passwordRule'),
  v.maxLength(PASSWORD_MAX, 'user.passwordRule'),
);
export const account = v.pipe(v.string('user.accountRule'), v.trim(), v.regex(ACCOUNT_PATTERN, 'user.accountRule'));
const code = v.pipe(v.string('user.codeErr'), v.trim(), v.regex(/^\d{6}$/, 'user.codeErr'));

export const LoginBody = v.union(
  [
    v.object({ account: requiredText(64, 'user.passErr'), code }),
    v.object({ account: requiredText(64, 'user.passErr'), password: requiredText(64, 'user.passwordRequired') }),
  ],
  'user.passwordRequired',
);

export const RegisterBody = v.object({
  account,
  realname: requiredText(REALNAME_MAX, 'user.nicknameRequired'),
  password,
  code: v.optional(v.union([v.literal(''), code])),
  inviteCode: v.optional(text(64)),
  email: v.optional(v.union([v.literal(''), v.pipe(text(64), v.email())])),
});

export const SendCodeBody = v.object({
  account: requiredText(64, 'user.accountVerify'),
  type: v.pipe(intLike(), v.minValue(1), v.maxValue(4)),
});

/**
 * A shared demo account while the demo runs: everyone trying the app signs in to it, so nobody may
 * change its password or account, or sign everyone else out of it. Any other account (one a visitor
 * registered) keeps all three. The server refuses by it; the security page offers by it.
 */
export const isSharedDemoAccount = (user: { is_demo?: number } | null, demoMode: boolean): boolean =>
  demoMode && Boolean(user?.is_demo);

export const GetUserInfoBody = v.object({ user_id: v.optional(intLike()) });

/** Profile fields, limited as people.ts says (the web's forms use the same limits). */
export const UpdateUserInfoBody = v.object({
  realname: v.optional(requiredText(REALNAME_MAX, 'user.nicknameRequired')),
  email: v.optional(v.union([v.literal(''), v.pipe(text(EMAIL_MAX), v.email())])),
  motto: v.optional(text(MOTTO_MAX)),
  sex: v.optional(v.pipe(intLike(), v.picklist([0, 1, 2]))),
});

export const EditPasswordBody = v.object({
  password,
  originalPassword: v.optional(text(64)),
  code: v.optional(v.union([v.literal(''), code])),
});

/** The original web client's preferences (enterprise/im/setting); a form body gives "true" / "1". */
const boolish = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0', 1, 0])]),
  v.transform((x) => x === true || x === 'true' || x === '1' || x === 1),
);
export const UserSettingBody = v.object({
  theme: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,20}$/i))),
  isVoice: v.optional(boolish),
  sendKey: v.optional(v.pipe(intLike(), v.picklist([1, 2]))),
  avatarCricle: v.optional(boolish),
  hideMessageName: v.optional(boolish),
  hideMessageTime: v.optional(boolish),
});

// ── Answers ─────────────────────────────────────────────────────────────────────────────────

/** The original web client's preferences (enterprise/im/setting), answered whole by it and by login. */
export const UserSettingSchema = v.object({
  theme: v.string(),
  isVoice: v.boolean(),
  sendKey: v.number(),
  avatarCricle: v.boolean(),
  hideMessageName: v.boolean(),
  hideMessageTime: v.boolean(),
});
export type UserSetting = v.InferOutput<typeof UserSettingSchema>;

/**
 * My own record (the original's userInfo): login, register, getUserInfo of myself, my profile and
 * account changes. The web app keeps it in storage as `userInfo`. Fields after the name default, so
 * a record stored by an older release still reads.
 */
export const UserInfoSchema = v.object({
  user_id: v.number(),
  id: v.optional(v.number()),
  account: v.string(),
  realname: v.string(),
  displayName: v.optional(v.string(), ''),
  avatar: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
  motto: v.optional(v.string(), ''),
  /** 0 female, 1 male, 2 unknown. */
  sex: v.optional(v.number()),
  /** 0 a user, 1 a super admin, 2 an admin. */
  role: v.optional(v.number()),
  is_auth: v.optional(v.number()),
  /** 1 for a shared demo account (refused its security changes while the demo runs). */
  is_demo: v.optional(v.number()),
  status: v.optional(v.number()),
  last_login_time: v.optional(v.number()),
  setting: v.optional(UserSettingSchema),
});
export type UserInfo = v.InferOutput<typeof UserInfoSchema>;

/** A fresh session: the token (`bearer …`) and when it expires (ms). */
export const SessionSchema = v.object({ authToken: v.string(), tokenExpired: v.number() });
export type Session = v.InferOutput<typeof SessionSchema>;

/** common/pub/login: a session and my record; `sessionId` is an opaque value only the original web client sends back. */
export const LoginResultSchema = v.object({
  ...SessionSchema.entries,
  sessionId: v.optional(v.string(), ''),
  userInfo: UserInfoSchema,
});
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;
