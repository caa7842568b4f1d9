// manage/group/*: find groups by name or number, open one's members (with their roles) and change
// them as the owner could: add, remove, make or unmake a manager, hand the group over, dissolve it;
// a super admin also clears a group's history (audited). Every change is confirmed first; members
// hear of it live through the group's hub.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { showDialog } from '@web/components/ui/dialog';
import { SearchInput } from '@web/components/ui/search-input';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';
import { useSearchWords } from '@web/lib/use-debounced';

import { clearGroupHistory, dissolveGroup, fetchGroups, type ManagedGroup } from '../api/manage-api';
import { isSuperAdmin, useConsoleReadOnly } from '../operator';
import { ConsoleScreen, EmptyRow, formatTime, Pager, SmallButton } from './console-ui';
import { GroupMembers } from './group-members';

const LIMIT = 20;

export function GroupsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const keywords = useSearchWords(query);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ManagedGroup | null>(null);
  const q = { page, limit: LIMIT, keywords };
  const { data } = useQuery({
    queryKey: ['manage', 'groups', q],
    queryFn: () => fetchGroups(q),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['manage', 'groups'] });
  const superAdmin = isSuperAdmin(storage.getUserInfo()?.role);
  const readOnly = useConsoleReadOnly();

  const clear = async (group: ManagedGroup) => {
    if (!(await showDialog(t('manage.groups.clearAsk', { name: group.name }), { showCancel: true }))) return;
    await clearGroupHistory(group.group_id).then(
      () => showToast(t('manage.groups.cleared')),
      () => undefined,
    );
  };

  const dissolve = async (group: ManagedGroup) => {
    if (!(await showDialog(t('manage.groups.dissolveAsk', { name: group.name }), { showCancel: true }))) return;
    await dissolveGroup(group.group_id).then(
      () => showToast(t('manage.groups.dissolved')),
      () => undefined,
    );
    if (open?.group_id === group.group_id) setOpen(null);
    refresh();
  };

  return (
    <ConsoleScreen title={t('manage.nav.groups')}>
      <div className="mb-3 flex rounded-md border border-neutral-300">
        <SearchInput
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
          placeholder={t('manage.groups.search')}
        />
      </div>
      <ul
        aria-label={t('manage.nav.groups')}
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white"
      >
        {data?.rows.map((group) => (
          <li key={group.group_id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-48 flex-1">
              <p className="text-[15px] font-medium text-neutral-900">{group.name}</p>
              <p className="text-[13px] text-neutral-600">
                {t('manage.groups.summary', {
                  id: group.group_id,
                  owner: group.owner_name,
                  count: group.members,
                  time: formatTime(group.create_time),
                })}
              </p>
            </div>
            <div className="flex gap-2">
              <SmallButton
                aria-expanded={open?.group_id === group.group_id}
                onClick={() => setOpen(open?.group_id === group.group_id ? null : group)}
                aria-label={t('manage.groups.membersOf', { name: group.name })}
              >
                {t('manage.groups.members')}
              </SmallButton>
              {superAdmin && (
                <SmallButton
                  tone="danger"
                  disabled={readOnly}
                  onClick={() => void clear(group)}
                  aria-label={t('manage.groups.clearOf', { name: group.name })}
                >
                  {t('manage.groups.clear')}
                </SmallButton>
              )}
              <SmallButton
                tone="danger"
                disabled={readOnly}
                onClick={() => void dissolve(group)}
                aria-label={t('manage.groups.dissolveOf', { name: group.name })}
              >
                {t('manage.groups.dissolve')}
              </SmallButton>
            </div>
            {open?.group_id === group.group_id && <GroupMembers group={group} onChanged={refresh} />}
          </li>
        ))}
        {data?.rows.length === 0 && <EmptyRow />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
    </ConsoleScreen>
  );
}
