// Why I cannot write in a group chat now, as the composer shows it instead of the text box
// (null: I may). From my role, the group's "mute all" and my own mute (groupInfo, groupUserList),
// kept live by the group frames; it re-checks itself when my mute runs out.
import { useEffect, useMemo, useState } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { useGroup } from '../state/group-queries';
import { canOpenProfile, isManager, speakBlock } from '../utils/group-rules';
import { muteUntilText } from '../utils/mute-time';

export function useSpeakBlock(groupKey: string | null, me: number): string | null {
  const { t } = useTranslation();
  const { info, members, gone } = useGroup(groupKey, me);
  const [nowS, setNowS] = useState(() => Math.floor(Date.now() / 1000));
  const mine = members.find((m) => m.user_id === me);
  const block = info && !gone ? speakBlock(info.role, info.setting, mine?.no_speak_time ?? 0, nowS) : null;
  const until = block?.kind === 'muted' ? block.until : 0;
  useEffect(() => {
    if (!until) return;
    // setTimeout's limit is about 24.8 days; a longer mute is re-checked then.
    const timer = setTimeout(
      () => setNowS(Math.floor(Date.now() / 1000)),
      Math.min((until - nowS) * 1000 + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [until, nowS]);
  if (!block) return null;
  if (block.kind === 'muted') return t('groups.speak.muted', { until: muteUntilText(block.until, nowS, t) });
  return t(block.kind === 'onlyOwner' ? 'groups.speak.onlyOwner' : 'groups.speak.onlyAdmins');
}

/** The member count the chat's top bar shows under a group's name (null: not a group, or not known yet). */
export function useMemberCountText(groupKey: string | null, me: number): string | null {
  const { t } = useTranslation();
  const { info } = useGroup(groupKey, me);
  return info ? t('groups.memberCount', { count: info.groupUserCount }) : null;
}

/** Whom I may mention in a group's composer: everyone (id 0) when I manage it, then the other members. */
export function useMentionCandidates(groupKey: string | null, me: number): { id: number; name: string }[] | null {
  const { info, members } = useGroup(groupKey, me);
  return useMemo(() => {
    if (!info || !groupKey) return null;
    const others = members
      .filter((m) => m.user_id !== me)
      .map((m) => ({ id: m.user_id, name: m.userInfo.displayName }));
    return isManager(info.role) ? [{ id: 0, name: '' }, ...others] : others;
  }, [info, members, groupKey, me]);
}

/** Whether members' avatars in a group's chat open their cards: the group allows it, or I manage it. */
export function useCanOpenProfiles(groupKey: string | null, me: number): boolean {
  const { info } = useGroup(groupKey, me);
  return !!info && info.role > 0 && canOpenProfile(info.role, info.setting);
}

/**
 * The name I see each member by in a group's thread, as the member list has it (my remark for
 * them, else their nickname in the group, else their name); undefined for someone not listed.
 */
export function useMemberNames(
  groupKey: string | null,
  me: number,
): ((userId: number) => string | undefined) | undefined {
  const { members } = useGroup(groupKey, me);
  return useMemo(() => {
    if (!groupKey || members.length === 0) return undefined;
    const names = new Map(members.map((m) => [m.user_id, m.userInfo.displayName]));
    return (userId: number) => names.get(userId);
  }, [groupKey, members]);
}
