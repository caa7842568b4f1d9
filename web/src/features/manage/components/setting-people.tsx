// A setting that holds people: registration's customer-service agents and the
// automatic groups' owner are stored as user ids, and chosen here with the console's people picker
// (by account or name) instead of typing ids. The stored ids are shown by name (manage/user/detail);
// an id nobody answers to is shown as its number, so it can still be taken off.
import { useQueries } from '@tanstack/react-query';

import { useTranslation } from '@web/lib/i18n';

import { fetchManagedUser, type ManagedUser } from '../api/manage-api';
import { UserPicker } from './user-picker';

const idsOf = (value: string) =>
  value
    .split(/[\s,]+/)
    .filter((x) => /^[1-9]\d{0,14}$/.test(x))
    .map(Number);

/** A user the console could not read (unknown, or out of the demo's view): their id alone. */
const unknownUser = (user_id: number): ManagedUser => ({
  user_id,
  account: '',
  realname: '',
  avatar: '',
  email: '',
  sex: 2,
  motto: '',
  role: 0,
  status: 1,
  is_auth: 0,
  is_demo: 0,
  register_ip: '',
  last_login_ip: '',
  last_login_time: 0,
  login_count: 0,
  create_time: 0,
  remark: '',
  cs_uid: 0,
  cs_name: '',
});

export function SettingPeople({
  label,
  helpId,
  value,
  single,
  disabled,
  onChange,
}: {
  label: string;
  helpId: string;
  /** The ids, comma-separated (empty: nobody). */
  value: string;
  /** One person at most: choosing another replaces them. */
  single: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const ids = idsOf(value);
  const found = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['manage', 'user', id],
      queryFn: () => fetchManagedUser(id),
      retry: false,
      staleTime: 60_000,
    })),
  });
  const chosen = ids.map((id, i) => found[i]?.data ?? unknownUser(id));
  const nameOf = (u: ManagedUser) =>
    `${u.realname || u.account || t('manage.users.id', { id: u.user_id })}${u.realname || u.account ? ` (${t('manage.users.id', { id: u.user_id })})` : ''}`;

  if (disabled)
    return (
      <div role="group" aria-label={label} aria-describedby={helpId} className="text-[14px] text-neutral-800">
        <p className="mb-1 text-[14px]">{label}</p>
        <p className="text-neutral-700">
          {chosen.length > 0 ? chosen.map(nameOf).join(', ') : t('manage.settings.nobody')}
        </p>
      </div>
    );
  return (
    <UserPicker
      label={label}
      describedBy={helpId}
      chosen={chosen}
      onChange={(users) => onChange((single ? users.slice(-1) : users).map((u) => u.user_id).join(', '))}
    />
  );
}
