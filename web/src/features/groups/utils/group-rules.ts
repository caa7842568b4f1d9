// Who may do what in a group, as the client shows it (reference §5.1–5.3). The server checks
// every call again; these only decide which controls appear and why the composer is closed.
import { ROLE, type GroupSetting } from '../../../../../worker/protocol/groups';

export const isManager = (role: number) => role === ROLE.OWNER || role === ROLE.ADMIN;
export const isOwner = (role: number) => role === ROLE.OWNER;

/** Rename and announcement: managers; with `manage` off, members too (the server may still refuse). */
export const canEditGroup = (role: number, setting: GroupSetting) => role > 0 && (isManager(role) || setting.manage === 0);
export const canInvite = (role: number, setting: GroupSetting) => isManager(role) || (role === ROLE.MEMBER && setting.invite === 1);
/** Kick or mute: a manager, over someone of a lower rank (a larger role number). */
export const canModerate = (myRole: number, targetRole: number) => isManager(myRole) && targetRole > myRole;
export const canOpenProfile = (myRole: number, setting: GroupSetting) => setting.profile === 1 || isManager(myRole);

export type SpeakBlock = { kind: 'muted'; until: number } | { kind: 'onlyAdmins' } | { kind: 'onlyOwner' } | null;

/** Why I cannot send now (nowS: unix seconds), or null; in the server's order (group-rules speakVerdict). The owner always may. */
export function speakBlock(role: number, setting: GroupSetting, noSpeakUntil: number, nowS: number): SpeakBlock {
  if (role === ROLE.OWNER || role === 0) return null;
  if (setting.nospeak === 2) return { kind: 'onlyOwner' };
  if (setting.nospeak === 1 && role !== ROLE.ADMIN) return { kind: 'onlyAdmins' };
  if (noSpeakUntil > nowS) return { kind: 'muted', until: noSpeakUntil };
  return null;
}

/** The mute presets of the member sheet: noSpeakTimer 1–4. */
export const MUTE_PRESETS = [1, 2, 3, 4] as const;
