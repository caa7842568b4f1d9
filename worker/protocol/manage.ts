// Request schemas of the operator console (/manage/…), on the reference's paths and
// field names so its own admin pages can call them too.
import * as v from 'valibot';

import { account, password } from './account';
import { intLike, requiredText, text } from './fields';
import { GROUP_KEY_PATTERN } from './ids';
import { contactId } from './messages';
import { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX } from './people';
import { APP_VERSION, isBelow } from './version';

/** users.role: 0 a user, 1 a super admin, 2 an admin. */
export const ROLE_USER = 0;
export const ROLE_SUPER = 1;
export const ROLE_ADMIN = 2;
export const isOperatorRole = (role: number) => role === ROLE_SUPER || role === ROLE_ADMIN;

const page = v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(100_000)), 1);
const limit = v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(100)), 20);
const userId = v.pipe(intLike(), v.minValue(1));
const role = v.pipe(intLike(), v.picklist([ROLE_USER, ROLE_SUPER, ROLE_ADMIN], 'system.parameterError'));
const email = v.union([v.literal(''), v.pipe(text(EMAIL_MAX), v.email())]);
const sex = v.pipe(intLike(), v.picklist([0, 1, 2], 'system.parameterError'));

export const ManageUserListBody = v.object({
  page,
  limit,
  keywords: v.optional(text(64), ''),
  sort: v.optional(v.picklist(['user_id', 'account', 'realname', 'create_time', 'last_login_time']), 'user_id'),
  order: v.optional(v.picklist(['asc', 'desc']), 'desc'),
  /** -1 (or absent) every user; 0 disabled; 1 active. */
  status: v.optional(v.pipe(intLike(), v.picklist([-1, 0, 1, 2], 'system.parameterError')), -1),
});

export const ManageUserIdBody = v.object({ user_id: userId });

export const ManageAddUserBody = v.object({
  account,
  realname: requiredText(REALNAME_MAX, 'user.nicknameRequired'),
  password,
  email: v.optional(email, ''),
  sex: v.optional(sex, 2),
  role: v.optional(role, ROLE_USER),
});

/** An operator's private remark on a user (user_notes). */
export const USER_REMARK_MAX = 200;

export const ManageEditUserBody = v.object({
  user_id: userId,
  remark: v.optional(text(USER_REMARK_MAX, 'manage.remarkLong')),
  /** The customer-service agent assigned to the user: an active user other than them, or 0 for none. */
  cs_uid: v.optional(v.pipe(intLike(), v.minValue(0))),
  realname: v.optional(requiredText(REALNAME_MAX, 'user.nicknameRequired')),
  email: v.optional(email),
  sex: v.optional(sex),
  motto: v.optional(text(MOTTO_MAX)),
  role: v.optional(role),
});

/** `status` 0 disables (every session and socket ends at once), 1 enables. */
export const ManageSetStatusBody = v.object({
  user_id: userId,
  status: v.pipe(intLike(), v.picklist([0, 1], 'system.parameterError')),
});

export const ManageSetRoleBody = v.object({ user_id: userId, role });

export const ManageEditPasswordBody = v.object({ user_id: userId, password });

export const ManageAuditListBody = v.object({
  page,
  limit,
  /** An action ("user.setStatus") or its prefix ("user."). */
  action: v.optional(text(64), ''),
  actor_id: v.optional(v.pipe(intLike(), v.minValue(0)), 0),
  target: v.optional(text(64), ''),
});

export const ManageGroupListBody = v.object({ page, limit, keywords: v.optional(text(64), '') });

/** manage/group/clearMessage: the group by its number or its key (`7` or `group-7`). */
export const ManageGroupClearBody = v.object({
  group_id: v.pipe(
    v.union([v.number(), v.string()], 'system.parameterError'),
    v.transform(String),
    v.transform((s) => (/^\d+$/.test(s) ? `group-${s}` : s)),
    v.regex(GROUP_KEY_PATTERN, 'system.parameterError'),
  ),
});

const onOff = v.picklist(['0', '1'], 'system.parameterError');
const digits = (max: number) =>
  v.pipe(
    v.string('system.parameterError'),
    v.regex(/^\d{1,9}$/, 'system.parameterError'),
    v.check((s) => Number(s) <= max, 'system.parameterError'),
  );

/** A user id as the reference's form stores it: a numeric string. */
const idText = v.pipe(intLike(), v.minValue(0, 'system.parameterError'), v.transform(String));

/** The welcome message and auto group's name limits (the group's name gets a number appended). */
export const AUTO_WELCOME_MAX = 500;
export const AUTO_GROUP_NAME_MAX = 24;

/**
 * chatInfo.autoAddUser: at registration the newcomer gets the next of `user_ids`
 * (round-robin) as their customer-service agent, who sends them `welcome` when it is not empty.
 * Saved whole; that the ids name active users is checked by the route.
 */
export const AutoAddUserInput = v.pipe(
  v.strictObject(
    {
      status: onOff,
      welcome: text(AUTO_WELCOME_MAX),
      user_ids: v.pipe(
        v.array(
          v.pipe(
            idText,
            v.check((id) => id !== '0', 'system.parameterError'),
          ),
        ),
        v.maxLength(100, 'system.parameterError'),
      ),
    },
    'system.parameterError',
  ),
  // Switched on, it needs someone to assign.
  v.check((o) => o.status === '0' || o.user_ids.length > 0, 'system.parameterError'),
);

/**
 * chatInfo.autoAddGroup: at registration the newcomer joins the current auto
 * group owned by `owner_uid`; once it holds `userMax` members a new one "{name}{n}" is made.
 */
export const AutoAddGroupInput = v.pipe(
  v.strictObject(
    {
      status: onOff,
      name: text(AUTO_GROUP_NAME_MAX),
      userMax: v.pipe(
        digits(10_000),
        v.check((s) => Number(s) >= 2, 'system.parameterError'),
      ),
      owner_uid: idText,
    },
    'system.parameterError',
  ),
  // Switched on, it needs a name and an owner.
  v.check((o) => o.status === '0' || (o.name !== '' && o.owner_uid !== '0'), 'system.parameterError'),
);

/**
 * What an operator may set of each configuration row (manage/config/setConfig): every key the app
 * reads, each validated; a key not listed is refused, not stored. Values stay strings, as the
 * reference's clients read them.
 */
export const CONFIG_INPUTS = {
  sysInfo: v.strictObject(
    {
      name: v.optional(v.pipe(text(30), v.minLength(1, 'system.parameterError'))),
      logo: v.optional(text(500)),
      description: v.optional(text(500)),
      closeTips: v.optional(text(500)),
      regtype: v.optional(v.picklist(['1', '2'], 'system.parameterError')),
      regauth: v.optional(v.picklist(['0', '1', '2', '3'], 'system.parameterError')),
      runMode: v.optional(v.picklist(['1', '2'], 'system.parameterError')),
      registerInterval: v.optional(digits(86_400)),
      // Never above the version deployed: no build could satisfy it, and every open app, the
      // console's too, would be told to update to nothing.
      minVersion: v.optional(
        v.union([
          v.literal(''),
          v.pipe(
            text(20),
            v.regex(/^\d+(\.\d+){0,3}$/, 'system.parameterError'),
            v.check((min) => !isBelow(APP_VERSION, min), 'system.parameterError'),
          ),
        ]),
      ),
      state: v.optional(onOff),
      ipregion: v.optional(onOff),
      multipleLogin: v.optional(onOff),
      diyName: v.optional(onOff),
    },
    'system.parameterError',
  ),
  chatInfo: v.strictObject(
    {
      online: v.optional(onOff),
      webrtc: v.optional(onOff),
      simpleChat: v.optional(onOff),
      groupChat: v.optional(onOff),
      dbDelMsg: v.optional(onOff),
      msgClear: v.optional(onOff),
      groupUserMax: v.optional(digits(10_000)),
      sendInterval: v.optional(digits(3600)),
      redoTime: v.optional(digits(86_400 * 30)),
      editTime: v.optional(digits(86_400 * 30)),
      reactionMax: v.optional(digits(100)),
      msgClearDay: v.optional(digits(3650)),
      stun: v.optional(text(500)),
      stunUser: v.optional(text(200)),
      stunPass: v.optional(text(200)),
      autoAddUser: v.optional(AutoAddUserInput),
      autoAddGroup: v.optional(AutoAddGroupInput),
    },
    'system.parameterError',
  ),
  fileUpload: v.strictObject(
    {
      size: v.optional(
        v.pipe(
          digits(2048),
          v.check((s) => Number(s) >= 1, 'system.parameterError'),
        ),
      ),
      preview: v.optional(text(500)),
      fileExt: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z0-9]{1,10}$/, 'system.parameterError'))),
          v.minLength(1, 'system.parameterError'),
          v.maxLength(100, 'system.parameterError'),
        ),
      ),
      dayCount: v.optional(digits(100_000)),
      dayMb: v.optional(digits(1_000_000)),
    },
    'system.parameterError',
  ),
} as const;

export const ManageSetConfigBody = v.object({
  name: v.picklist(['sysInfo', 'chatInfo', 'fileUpload'], 'system.parameterError'),
  value: v.record(v.string(), v.unknown()),
});

export const ManageInviteListBody = v.object({ page, limit });
/** A new invitation: how many may register with it (0: any number) and for how many days. */
export const ManageInviteAddBody = v.object({
  max_uses: v.optional(v.pipe(intLike(), v.minValue(0), v.maxValue(10_000)), 1),
  days: v.optional(v.pipe(intLike(), v.minValue(1), v.maxValue(365)), 7),
});
export const ManageInviteCodeBody = v.object({ code: v.pipe(text(64), v.minLength(1, 'system.parameterError')) });

/** An announcement's limits. */
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 5000;

/** publishNotice: a new announcement, or a change to `id`'s. */
export const ManagePublishNoticeBody = v.object({
  id: v.optional(v.pipe(intLike(), v.minValue(1))),
  title: requiredText(ANNOUNCEMENT_TITLE_MAX, 'manage.noticeTitle'),
  content: v.pipe(
    v.string('manage.noticeContent'),
    v.trim(),
    v.minLength(1, 'manage.noticeContent'),
    v.maxLength(ANNOUNCEMENT_CONTENT_MAX, 'manage.noticeContent'),
  ),
});
export const ManageNoticeIdBody = v.object({ id: v.pipe(intLike(), v.minValue(1)) });
export const NoticeListBody = v.object({ page, limit });

/** sendTestEmail: where the operator wants the test mail. */
export const ManageTestEmailBody = v.object({ to: v.pipe(text(EMAIL_MAX), v.email('system.parameterError')) });

/** Why a message is reported; the note says more. */
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'illegal', 'other'] as const;
export const REPORT_NOTE_MAX = 200;
/** A report's status: open, dismissed, message hidden, sender disabled. */
export const REPORT_STATUS = { open: 0, dismissed: 1, hidden: 2, disabled: 3 } as const;

export const ReportMessageBody = v.object({
  toContactId: contactId,
  msg_id: v.pipe(intLike(), v.minValue(1)),
  reason: v.picklist(REPORT_REASONS, 'system.parameterError'),
  note: v.optional(text(REPORT_NOTE_MAX), ''),
});
export const ManageReportListBody = v.object({
  page,
  limit,
  /** -1 every report; else one status (default: the open ones). */
  status: v.optional(v.pipe(intLike(), v.picklist([-1, 0, 1, 2, 3], 'system.parameterError')), 0),
});
export const ManageReportIdBody = v.object({ id: v.pipe(intLike(), v.minValue(1)) });
