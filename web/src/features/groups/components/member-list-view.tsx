// The member list (the original's /pages/message/group/groupUser): search, roles, mutes with the time
// left, and for managers each member's actions in a sheet (utils: who may do what to whom). The
// members come a page at a time as the list scrolls (hooks/use-member-pages).
import { useEffect, useMemo, useState } from 'react';

import { ActionSheet } from '@web/components/ui/action-sheet';
import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';

import { useChatState } from '../../chat';
import { type GroupMember, muteMember } from '../api/groups-api';
import { useMemberPages } from '../hooks/use-member-pages';
import { afterGroupChange } from '../state/group-live';
import { useGroup } from '../state/group-queries';
import { canOpenProfile, isManager } from '../utils/group-rules';
import { useNowSeconds } from '../utils/use-now';
import { type MemberAction, memberActions } from './member-actions';
import { MemberRow } from './member-row';
import { MoreMembers } from './more-members';
import { MuteDaysDialog } from './mute-days-dialog';

export function MemberListView({ groupKey }: { groupKey: string }) {
  const { t } = useTranslation();
  const me = useChatState((s) => s.me);
  const { info, loaded, gone } = useGroup(groupKey, me, { roster: false });
  const { members, total, hasMore, loading, more, everyone } = useMemberPages(groupKey);
  const nowS = useNowSeconds();
  const [query, setQuery] = useState('');
  const [sheet, setSheet] = useState<{ member: GroupMember; actions: MemberAction[] } | null>(null);
  const [daysFor, setDaysFor] = useState<GroupMember | null>(null);
  // A search looks through everyone, not only the pages shown so far.
  useEffect(() => {
    if (query.trim()) everyone();
  }, [query, everyone]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? members.filter(
          (m) => m.userInfo.displayName.toLowerCase().includes(q) || m.userInfo.account.toLowerCase().includes(q),
        )
      : members;
  }, [members, query]);

  if (!loaded)
    return (
      <p role="status" className="py-16 text-center text-[14px] text-neutral-500">
        {t('common.loading')}
      </p>
    );
  if (gone || !info || info.role === 0)
    return (
      <p role="status" className="py-16 text-center text-[14px] text-neutral-600">
        {t('groups.gone')}
      </p>
    );

  const choose = (index: number | null) => {
    const current = sheet;
    setSheet(null);
    if (!current || index === null) return;
    const result = current.actions[index]!.run();
    if (result === 'days') setDaysFor(current.member);
    else void result.catch(() => undefined);
  };
  const muteDays = (days: number | null) => {
    const member = daysFor;
    setDaysFor(null);
    if (member && days)
      void afterGroupChange(groupKey, muteMember(groupKey, member.user_id, 0, days)).catch(() => undefined);
  };

  return (
    <div className="pb-8">
      <div className="flex px-4 py-2">
        <SearchInput value={query} onChange={setQuery} placeholder={t('groups.members.search')} />
      </div>
      <p className="px-4 pb-1 text-[13px] text-neutral-600" aria-live="polite">
        {t('groups.memberCount', { count: total })}
      </p>
      <ul className="divide-y divide-neutral-100 border-y border-neutral-100">
        {shown.map((m) => {
          const actions =
            m.user_id === me || !isManager(info.role) ? [] : memberActions(groupKey, info.role, m, nowS, t);
          return (
            <MemberRow
              key={m.user_id}
              member={m}
              me={me}
              nowS={nowS}
              openProfile={m.user_id !== me && canOpenProfile(info.role, info.setting)}
              onManage={actions.length ? () => setSheet({ member: m, actions }) : null}
            />
          );
        })}
      </ul>
      {hasMore && !query.trim() && <MoreMembers loading={loading} onMore={more} />}
      {shown.length === 0 && !loading && (
        <p className="py-10 text-center text-[14px] text-neutral-500">{t('groups.picker.nobody')}</p>
      )}
      {sheet && <ActionSheet title={sheet.member.userInfo.displayName} options={sheet.actions} onChoose={choose} />}
      {daysFor && <MuteDaysDialog name={daysFor.userInfo.displayName} onDone={muteDays} />}
    </div>
  );
}
