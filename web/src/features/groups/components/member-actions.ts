// The moderator's choices for one member: admin on/off (owner), mute for a
// preset or N days, unmute, remove — each only where the rules allow, removal after a confirmation.
import { ROLE } from '@protocol/groups';
import { showDialog } from '@web/components/ui/dialog';
import type { TFunction } from '@web/lib/i18n';

import { type GroupMember, muteMember, removeMember, setAdmin } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';
import { canModerate, isOwner, MUTE_PRESETS } from '../utils/group-rules';

export interface MemberAction {
  label: string;
  danger?: boolean;
  run: () => Promise<unknown> | 'days';
}

export function memberActions(
  groupKey: string,
  myRole: number,
  member: GroupMember,
  nowS: number,
  t: TFunction,
): MemberAction[] {
  const actions: MemberAction[] = [];
  const after = (call: Promise<unknown>) => afterGroupChange(groupKey, call);
  const name = member.userInfo.displayName;
  if (isOwner(myRole) && member.role !== ROLE.OWNER) {
    const admin = member.role === ROLE.ADMIN;
    actions.push({
      label: t(admin ? 'groups.members.unsetAdmin' : 'groups.members.setAdmin'),
      run: () => after(setAdmin(groupKey, member.user_id, !admin)),
    });
  }
  if (!canModerate(myRole, member.role)) return actions;
  for (const timer of MUTE_PRESETS)
    actions.push({
      label: t(`groups.mute.preset${timer}`),
      run: () => after(muteMember(groupKey, member.user_id, timer)),
    });
  actions.push({ label: t('groups.mute.days'), run: () => 'days' });
  if (member.no_speak_time > nowS)
    actions.push({ label: t('groups.mute.off'), run: () => after(muteMember(groupKey, member.user_id, 0, 0)) });
  actions.push({
    label: t('groups.members.remove'),
    danger: true,
    run: async () => {
      if (await showDialog(t('groups.members.removeConfirm', { name }), { showCancel: true }))
        await after(removeMember(groupKey, member.user_id));
    },
  });
  return actions;
}
