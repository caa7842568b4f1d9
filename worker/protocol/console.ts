// The answers of the operator console (/manage/…) and of the announcements everyone reads: one
// valibot schema each. The Worker builds them with `satisfies`; the console parses them with the
// same schema. A field after a row's key has a default, so the console still reads a row from a
// Worker one release older that lacks it; what the Worker sends is the full output type.
import * as v from 'valibot';

const text = v.optional(v.string(), '');
const count = v.optional(v.number(), 0);

/** Messages on one UTC day (YYYY-MM-DD). */
export const DayCountSchema = v.object({ day: v.string(), messages: v.number() });
export type DayCount = v.InferOutput<typeof DayCountSchema>;

/** manage/index/index: the overview's counts, and messages on each of the last 30 UTC days, oldest first. */
export const OverviewSchema = v.object({
  users: count,
  disabled: count,
  groups: count,
  files: count,
  /** Bytes the stored files hold (each R2 object once). */
  storage: count,
  online: count,
  messages: count,
  days: v.optional(v.array(DayCountSchema), []),
});
export type Overview = v.InferOutput<typeof OverviewSchema>;

/** A user as the console lists and changes them (manage/user/*): never the password's hash. */
export const ManagedUserSchema = v.object({
  user_id: v.number(),
  account: v.string(),
  realname: text,
  avatar: text,
  /** '' in the demo's view (routes/manage/demo-view.ts). */
  email: text,
  sex: count,
  motto: text,
  /** 0 a user, 1 a super admin, 2 an admin (protocol/manage.ts ROLE_*). */
  role: count,
  /** 1 active, 0 disabled, 2 deleted. */
  status: count,
  is_auth: count,
  is_demo: count,
  register_ip: text,
  last_login_ip: text,
  last_login_time: count,
  login_count: count,
  create_time: count,
  /** The operator's private note, and the assigned customer-service agent (0 none) with their name. */
  remark: text,
  cs_uid: count,
  cs_name: text,
});
export type ManagedUser = v.InferOutput<typeof ManagedUserSchema>;
export const ManagedUserListSchema = v.array(ManagedUserSchema);

/** A live group as manage/group/index lists it. */
export const ManagedGroupSchema = v.object({
  group_id: v.number(),
  name: text,
  avatar: text,
  owner_id: count,
  owner_name: text,
  members: count,
  create_time: count,
});
export type ManagedGroup = v.InferOutput<typeof ManagedGroupSchema>;
export const ManagedGroupListSchema = v.array(ManagedGroupSchema);

/** A member as manage/group/users answers it: role 1 owner, 2 admin, 3 member. */
export const ConsoleMemberSchema = v.object({
  user_id: v.number(),
  role: count,
  account: text,
  realname: text,
  avatar: text,
});
export type ConsoleMember = v.InferOutput<typeof ConsoleMemberSchema>;
export const ConsoleMemberListSchema = v.array(ConsoleMemberSchema);

/** A new invitation (manage/invite/add, manage/config/getInviteLink), with the register link carrying it. */
export const NewInvitationSchema = v.object({
  code: v.string(),
  /** 0: any number of people. */
  max_uses: count,
  uses: count,
  /** Unix seconds. */
  expires_at: count,
  url: text,
});
export type NewInvitation = v.InferOutput<typeof NewInvitationSchema>;

/** An invitation as manage/invite/index lists it. */
export const InvitationSchema = v.object({
  ...NewInvitationSchema.entries,
  revoked: count,
  created_by: count,
  creator_name: text,
  create_time: count,
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;
export const InvitationListSchema = v.array(InvitationSchema);

/** manage/config/getAllConfig: the three configuration rows, values as stored (strings, lists), secrets masked. */
const ConfigRowSchema = v.optional(v.record(v.string(), v.unknown()), {});
export const ConfigRowsSchema = v.object({
  sysInfo: ConfigRowSchema,
  chatInfo: ConfigRowSchema,
  fileUpload: ConfigRowSchema,
});
export type ConfigRows = v.InferOutput<typeof ConfigRowsSchema>;
export type ConfigName = keyof ConfigRows;

/** One line of the audit trail (manage/audit/index); `before` and `after` are JSON text ('' when none). */
export const AuditRowSchema = v.object({
  id: v.number(),
  actor_id: count,
  actor_name: text,
  action: v.string(),
  target: text,
  before: text,
  after: text,
  create_time: count,
  /** What the target is called now: a user's name, a group's, an announcement's title, a report's sender ('' unknown). */
  target_name: text,
  /** The names of the people the before/after values name by id (user_id, user_ids, sender). */
  names: v.optional(v.record(v.string(), v.string()), {}),
});
export type AuditRow = v.InferOutput<typeof AuditRowSchema>;
export const AuditListSchema = v.array(AuditRowSchema);

/** A line of what the reporter saw: the reported message and a little context. */
export const ReportLineSchema = v.object({
  msg_id: v.number(),
  from: v.object({ id: v.number(), name: v.string() }),
  type: v.string(),
  content: v.string(),
  sendTime: v.number(),
  reported: v.boolean(),
  /** A group's system line (type 'event'): who did what to whom, worded by the reader (protocol/groups.ts SystemLine). */
  system: v.optional(v.unknown()),
});
export type ReportLine = v.InferOutput<typeof ReportLineSchema>;

/** A reported message as the console's queue shows it (manage/report/*). */
export const ReportSchema = v.object({
  id: v.number(),
  reporter_id: count,
  reporter_name: v.string(),
  conversation: text,
  seq: count,
  sender_id: v.number(),
  sender_name: v.string(),
  /** The group's name when the report comes from a group ('' for a one-to-one chat). */
  group_name: text,
  reason: v.string(),
  note: v.string(),
  context: v.array(ReportLineSchema),
  /** 0 open, 1 dismissed, 2 message hidden, 3 sender disabled (protocol/manage.ts REPORT_STATUS). */
  status: v.number(),
  handled_by: count,
  handled_at: count,
  create_time: v.number(),
});
export type Report = v.InferOutput<typeof ReportSchema>;
export const ReportListSchema = v.array(ReportSchema);

/** An announcement (enterprise/im/announcements, manage/index/noticeList and its changes); status 0 deleted. */
export const AnnouncementSchema = v.object({
  id: v.number(),
  title: v.string(),
  content: v.string(),
  /** 1 shown; 0 deleted (the deletion's answer and frame). Lists hold only shown ones. */
  status: v.optional(v.number(), 1),
  create_time: v.number(),
  update_time: v.number(),
});
export type Announcement = v.InferOutput<typeof AnnouncementSchema>;
export const AnnouncementListSchema = v.array(AnnouncementSchema);
