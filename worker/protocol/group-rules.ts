// Pure group rules (with the checks the original lacked): who may do what to whom,
// who may speak, and how long a mute lasts. The group's hub enforces them; the web app asks the same
// functions which controls to show (one rule, two readers). Nothing here touches storage.
import { type GroupSetting, NO_SPEAK_SECONDS, ROLE } from './groups';

/** A member as the rules see them: role 1–3 and muted until (unix s). */
export interface MemberState {
  role: number;
  no_speak_time: number;
}

export const isManager = (m: MemberState | null) => !!m && m.role <= ROLE.ADMIN;
export const isOwner = (m: MemberState | null) => !!m && m.role === ROLE.OWNER;

/** Adding people: managers, or any member while `setting.invite` is on (the original checked nothing). */
export const mayInvite = (me: MemberState | null, setting: GroupSetting) =>
  !!me && (isManager(me) || setting.invite === 1);

/** Renaming: managers; any member while `setting.manage` is off. */
export const mayRename = (me: MemberState | null, setting: GroupSetting) =>
  !!me && (isManager(me) || setting.manage === 0);

/** The announcement (setNotice): managers only, whatever `manage` says, since it mentions everyone. */
export const mayEditNotice = (me: MemberState | null) => isManager(me);

/** The name a member goes by in a group, for one viewer: my remark for them, else their group nickname, else their name. */
export const memberName = (remark: string | null | undefined, nickname: string, name: string) =>
  remark || nickname || name;

/**
 * Clearing the history from the app (the original's clearMessage): the owner only. Operators clear
 * a group from the console (manage/group/clearMessage: a super admin's, audited), never from here.
 */
export const mayClearHistory = (me: MemberState | null) => isOwner(me);

/** The picture: the same rule as the name, so one switch governs both. */
export const mayChangeAvatar = mayRename;

/**
 * Removing: myself (quit), except the owner, who must hand the group over first; or a member whose
 * role number is larger than mine, when I am a manager.
 */
export function mayRemove(
  me: MemberState | null,
  self: boolean,
  target: MemberState | null,
): 'ok' | 'group.ownerQuit' | 'system.notAuth' | 'group.notMember' {
  if (!me) return 'system.notAuth';
  if (!target) return 'group.notMember';
  if (self) return isOwner(me) ? 'group.ownerQuit' : 'ok';
  return isManager(me) && target.role > me.role ? 'ok' : 'system.notAuth';
}

/** Muting someone: a manager, on a member of lower rank (a larger role number). */
export const mayMute = (me: MemberState | null, target: MemberState | null) =>
  !!me && !!target && isManager(me) && target.role > me.role;

/** Seconds a mute lasts: presets 1–4, or `days` days for timer 0 (0 days ends a mute). */
export const muteSeconds = (timer: number, days: number) =>
  timer >= 1 && timer <= 4 ? NO_SPEAK_SECONDS[timer]! : days * 86400;

/**
 * Whether a member may post now: whole-group mute (`nospeak` 1 managers only, 2 the owner only)
 * is the hard refusal (401, as the reference); a member's own mute the ordinary one.
 */
export function speakVerdict(
  me: MemberState | null,
  setting: GroupSetting,
  nowSeconds: number,
): 'ok' | 'group.allMuted' | 'group.notSpeak' {
  const role = me?.role ?? ROLE.MEMBER;
  if (role !== ROLE.OWNER) {
    if (setting.nospeak === 2 || (setting.nospeak === 1 && role > ROLE.ADMIN)) return 'group.allMuted';
    if ((me?.no_speak_time ?? 0) > nowSeconds) return 'group.notSpeak';
  }
  return 'ok';
}

/** `at` as stored: user ids, with 0 (everyone) kept only from a manager. */
export function mentionList(at: readonly number[], me: MemberState | null, members: readonly number[]): number[] {
  const set = new Set(members);
  const out = [...new Set(at)].filter((id) => (id === 0 ? isManager(me) : set.has(id)));
  return out.slice(0, 100);
}

/**
 * Joining with a QR token: the token must be of the group's current QR version (a
 * manager's reset retires the older ones) and minted after the joiner was last removed (a removal
 * sticks against codes they kept); while inviting is left to managers, only a code a manager minted
 * admits anyone.
 */
export function mayJoinWith(
  token: { t: number; v: number },
  group: { setting: GroupSetting; qr_version?: number },
  minter: MemberState | null,
  departure: { removed_at: number } | null,
): 'ok' | 'scan.failure' | 'scan.removed' | 'system.notAuth' {
  if (token.v !== (group.qr_version ?? 0)) return 'scan.failure';
  if (removedSince(token, departure)) return 'scan.removed';
  return group.setting.invite === 1 || isManager(minter) ? 'ok' : 'system.notAuth';
}

/** Whether the holder of a join token minted at `token.t` was removed from the group after it (they are told so). */
export const removedSince = (token: { t: number }, departure: { removed_at: number } | null): boolean =>
  !!departure && departure.removed_at > 0 && token.t <= departure.removed_at;

/** Who is handed the group's join QR: whoever may add people (managers only while `setting.invite` is off). */
export const mayShareQr = mayInvite;
