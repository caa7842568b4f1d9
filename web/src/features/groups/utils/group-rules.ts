// Who may do what in a group, as the client shows it: the server's own rules
// (worker/protocol/group-rules.ts), asked with a role number. The server checks every call again;
// these only decide which controls appear and why the composer is closed.
import {
  isManager as managerRule,
  mayChangeAvatar,
  mayClearHistory,
  mayEditNotice,
  mayInvite,
  mayMute,
  mayRename,
  type MemberState,
  speakVerdict,
} from '@protocol/group-rules';
import { type GroupSetting, ROLE } from '@protocol/groups';

/** A role as the rules see a member (0: not a member). */
const member = (role: number, noSpeakUntil = 0): MemberState | null =>
  role > 0 ? { role, no_speak_time: noSpeakUntil } : null;

export const isManager = (role: number) => managerRule(member(role));
export const isOwner = (role: number) => role === ROLE.OWNER;

/** Rename: managers; with `manage` off, members too. */
export const canEditGroup = (role: number, setting: GroupSetting) => mayRename(member(role), setting);
/** The announcement: managers only (it mentions everyone), whatever `manage` says. */
export const canEditNotice = (role: number) => mayEditNotice(member(role));
/** The group's picture: the same rule as its name. */
export const canChangePicture = (role: number, setting: GroupSetting) => mayChangeAvatar(member(role), setting);
/** Clear the history for everyone: the owner only (operators clear a group from the console). */
export const canClearHistory = (role: number) => mayClearHistory(member(role));
export const canInvite = (role: number, setting: GroupSetting) => mayInvite(member(role), setting);
/** The join QR is handed to whoever may add people (the server sends none to anyone else); a manager may reset it. */
export const canShareQr = canInvite;
export const canResetQr = isManager;
/** Kick or mute: a manager, over someone of a lower rank (a larger role number). */
export const canModerate = (myRole: number, targetRole: number) => mayMute(member(myRole), member(targetRole));
export const canOpenProfile = (myRole: number, setting: GroupSetting) => setting.profile === 1 || isManager(myRole);

export type SpeakBlock = { kind: 'muted'; until: number } | { kind: 'onlyAdmins' } | { kind: 'onlyOwner' } | null;

/** Why I cannot send now (nowS: unix seconds), or null: the server's verdict, with what the composer says. */
export function speakBlock(role: number, setting: GroupSetting, noSpeakUntil: number, nowS: number): SpeakBlock {
  const me = member(role, noSpeakUntil);
  if (!me) return null;
  const verdict = speakVerdict(me, setting, nowS);
  if (verdict === 'group.allMuted') return { kind: setting.nospeak === 2 ? 'onlyOwner' : 'onlyAdmins' };
  if (verdict === 'group.notSpeak') return { kind: 'muted', until: noSpeakUntil };
  return null;
}

/** The mute presets of the member sheet: noSpeakTimer 1–4. */
export const MUTE_PRESETS = [1, 2, 3, 4] as const;
