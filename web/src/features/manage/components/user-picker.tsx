// Choosing people in the console by account or name (manage/user/index, active users only): a search
// field, up to eight matches to tick, and the chosen ones as chips that can be taken off again,
// the matches with their user ids (the ids some settings hold).
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';
import { useSearchWords } from '@web/lib/use-debounced';

import { fetchUsers, type ManagedUser } from '../api/manage-api';

const MATCHES = 8;
const ACTIVE = 1;

export function UserPicker({
  label,
  chosen,
  onChange,
  exclude,
  describedBy,
}: {
  label: string;
  /** The id of a help line about the choice. */
  describedBy?: string;
  chosen: ManagedUser[];
  onChange: (users: ManagedUser[]) => void;
  /** People who cannot be chosen (already members): shown, but not offered. */
  exclude?: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const keywords = useSearchWords(query);
  const labelId = useId();
  const q = { page: 1, limit: MATCHES, keywords, sort: 'realname' as const, order: 'asc' as const, status: ACTIVE };
  const { data } = useQuery({
    queryKey: ['manage', 'users', q],
    queryFn: () => fetchUsers(q),
    enabled: keywords !== '',
  });
  const picked = new Set(chosen.map((u) => u.user_id));
  const toggle = (user: ManagedUser) =>
    onChange(picked.has(user.user_id) ? chosen.filter((u) => u.user_id !== user.user_id) : [...chosen, user]);
  const nameOf = (u: ManagedUser) => u.realname || u.account || t('manage.users.id', { id: u.user_id });

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="min-w-60 flex-1">
      <p id={labelId} className="mb-1 text-[13px] text-neutral-700">
        {label}
      </p>
      <div className="flex rounded-md border border-neutral-300 bg-white">
        <SearchInput value={query} onChange={setQuery} placeholder={t('manage.picker.search')} />
      </div>
      {keywords !== '' && data && (
        <ul aria-label={t('manage.picker.matches')} className="mt-1 max-h-56 overflow-y-auto rounded-md bg-white">
          {data.rows.map((u) => {
            const member = exclude?.has(u.user_id) ?? false;
            return (
              <li key={u.user_id}>
                <button
                  type="button"
                  disabled={member}
                  aria-pressed={picked.has(u.user_id)}
                  onClick={() => toggle(u)}
                  className="flex min-h-10 w-full items-center gap-2 px-3 text-left text-[14px] text-neutral-900 hover:bg-neutral-50 disabled:text-neutral-600"
                >
                  <span aria-hidden="true" className="w-4">
                    {picked.has(u.user_id) ? '✓' : ''}
                  </span>
                  <span className="flex-1 truncate">
                    {nameOf(u)} <span className="text-neutral-600">({u.account})</span>{' '}
                    <span className="text-[12px] text-neutral-600">{t('manage.users.id', { id: u.user_id })}</span>
                  </span>
                  {member && <span className="text-[12px]">{t('manage.picker.already')}</span>}
                </button>
              </li>
            );
          })}
          {data.rows.length === 0 && <li className="px-3 py-2 text-[14px] text-neutral-600">{t('manage.empty')}</li>}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul aria-label={t('manage.picker.chosen')} className="mt-2 flex flex-wrap gap-2">
          {chosen.map((u) => (
            <li key={u.user_id}>
              <button
                type="button"
                onClick={() => toggle(u)}
                aria-label={t('manage.picker.unchoose', { name: nameOf(u) })}
                className="flex h-8 items-center gap-1 rounded-full bg-brand/10 px-3 text-[13px] text-brand-dark"
              >
                {nameOf(u)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
