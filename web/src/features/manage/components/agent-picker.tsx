// The customer-service agent of a user in the console's edit dialog: who it is now, a way to clear
// it, and a search (account or name, through manage/user/index) to choose another active user.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { useTranslation } from '@web/lib/i18n';
import { useSearchWords } from '@web/lib/use-debounced';

import { fetchUsers } from '../api/manage-api';
import { SmallButton } from './console-ui';

export interface Agent {
  user_id: number;
  name: string;
}

const RESULTS = 5;

/** `agent` null: none. `self`: the user being edited, never offered as their own agent. */
export function AgentPicker({
  agent,
  self,
  onChange,
}: {
  agent: Agent | null;
  self: number;
  onChange: (agent: Agent | null) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const keywords = useSearchWords(query);
  const { data } = useQuery({
    queryKey: ['manage', 'agents', keywords],
    queryFn: () => fetchUsers({ page: 1, limit: RESULTS + 1, keywords, sort: 'account', order: 'asc', status: 1 }),
    enabled: keywords !== '',
  });
  const found = (keywords ? (data?.rows ?? []) : []).filter((u) => u.user_id !== self).slice(0, RESULTS);
  return (
    <fieldset className="text-[13px] text-neutral-700">
      <legend>{t('manage.users.agent')}</legend>
      <div className="mt-1 flex items-center gap-2">
        <span className="flex-1 text-[15px] text-neutral-900">{agent ? agent.name : t('manage.users.agentNone')}</span>
        {agent && (
          <SmallButton onClick={() => onChange(null)} aria-label={t('manage.users.agentClearOf', { name: agent.name })}>
            {t('manage.users.agentClear')}
          </SmallButton>
        )}
      </div>
      <label className="mt-2 block">
        {t('manage.users.agentSearch')}
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-1 h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-[15px] text-neutral-900 outline-none focus:border-brand-dark"
        />
      </label>
      {found.length > 0 && (
        <ul className="mt-1 divide-y divide-neutral-100 rounded-md border border-neutral-200">
          {found.map((u) => {
            const name = u.realname || u.account;
            return (
              <li key={u.user_id} className="flex items-center gap-2 px-3 py-1.5">
                <span className="flex-1 truncate">
                  {name} <span className="text-neutral-500">{u.account}</span>
                </span>
                <SmallButton
                  aria-label={t('manage.users.agentChooseOf', { name })}
                  onClick={() => {
                    onChange({ user_id: u.user_id, name });
                    setQuery('');
                  }}
                >
                  {t('manage.users.agentChoose')}
                </SmallButton>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
