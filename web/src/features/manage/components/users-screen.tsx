// manage/user/*: find users (account or name, debounced), sort and page them, and act on one:
// edit, reset the password, disable or enable, delete (both confirmed), and, for a super admin, set the role.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ROLE_ADMIN, ROLE_SUPER, ROLE_USER } from '@protocol/manage';
import { showDialog } from '@web/components/ui/dialog';
import { SearchInput } from '@web/components/ui/search-input';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';
import { useSearchWords } from '@web/lib/use-debounced';

import { deleteUser, fetchUsers, type ManagedUser, setUserRole, setUserStatus, type UserSort } from '../api/manage-api';
import { isSuperAdmin, useConsoleReadOnly } from '../operator';
import { ConsoleScreen, EmptyRow, Pager, SelectField, SmallButton } from './console-ui';
import { AddUserDialog, EditUserDialog, PasswordDialog } from './user-dialogs';

const LIMIT = 20;
type Dialog = { kind: 'add' } | { kind: 'edit' | 'password'; user: ManagedUser } | null;

export function UsersScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const keywords = useSearchWords(query);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<`${UserSort}:${'asc' | 'desc'}`>('user_id:desc');
  const [dialog, setDialog] = useState<Dialog>(null);
  const me = storage.getUserInfo();
  const superAdmin = isSuperAdmin(me?.role);
  const readOnly = useConsoleReadOnly();
  const [by, order] = sort.split(':') as [UserSort, 'asc' | 'desc'];
  const q = { page, limit: LIMIT, keywords, sort: by, order };
  const { data } = useQuery({
    queryKey: ['manage', 'users', q],
    queryFn: () => fetchUsers(q),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['manage', 'users'] });
  const close = () => {
    setDialog(null);
    refresh();
  };

  const toggleStatus = async (user: ManagedUser) => {
    const disable = user.status === 1;
    const name = user.realname || user.account;
    const ask = disable ? t('manage.users.disableAsk', { name }) : t('manage.users.enableAsk', { name });
    if (!(await showDialog(ask, { showCancel: true }))) return;
    await setUserStatus(user.user_id, disable ? 0 : 1).then(
      () => showToast(disable ? t('manage.users.disabledDone') : t('manage.users.enabledDone')),
      () => undefined,
    );
    refresh();
  };

  const remove = async (user: ManagedUser) => {
    const name = user.realname || user.account;
    if (!(await showDialog(t('manage.users.deleteAsk', { name }), { showCancel: true }))) return;
    await deleteUser(user.user_id).then(
      () => showToast(t('manage.users.deletedDone')),
      () => undefined,
    );
    refresh();
  };

  const changeRole = async (user: ManagedUser, role: number) => {
    if (!(await showDialog(t('manage.users.roleAsk', { name: user.realname || user.account }), { showCancel: true })))
      return;
    await setUserRole(user.user_id, role).then(
      () => showToast(t('manage.saved')),
      () => undefined,
    );
    refresh();
  };

  return (
    <ConsoleScreen
      title={t('manage.nav.users')}
      actions={
        <SmallButton tone="primary" disabled={readOnly} onClick={() => setDialog({ kind: 'add' })}>
          {t('manage.users.add')}
        </SmallButton>
      }
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="flex min-w-60 flex-1 rounded-md border border-neutral-300">
          <SearchInput
            value={query}
            onChange={(value) => {
              setQuery(value);
              setPage(1);
            }}
            placeholder={t('manage.users.search')}
          />
        </div>
        <div className="w-56">
          <SelectField
            label={t('manage.users.sort')}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as typeof sort);
              setPage(1);
            }}
            options={[
              { value: 'user_id:desc', label: t('manage.users.sortNewest') },
              { value: 'user_id:asc', label: t('manage.users.sortOldest') },
              { value: 'account:asc', label: t('manage.users.sortAccount') },
              { value: 'realname:asc', label: t('manage.users.sortName') },
              { value: 'last_login_time:desc', label: t('manage.users.sortLastLogin') },
            ]}
          />
        </div>
      </div>
      <ul
        aria-label={t('manage.nav.users')}
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white"
      >
        {data?.rows.map((user) => (
          <UserRow
            key={user.user_id}
            user={user}
            superAdmin={superAdmin}
            readOnly={readOnly}
            self={user.user_id === me?.user_id}
            onEdit={() => setDialog({ kind: 'edit', user })}
            onPassword={() => setDialog({ kind: 'password', user })}
            onToggle={() => void toggleStatus(user)}
            onDelete={() => void remove(user)}
            onRole={(role) => void changeRole(user, role)}
          />
        ))}
        {data?.rows.length === 0 && <EmptyRow />}
      </ul>
      {data && <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />}
      {dialog?.kind === 'add' && <AddUserDialog onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <PasswordDialog user={dialog.user} onClose={close} />}
    </ConsoleScreen>
  );
}

/**
 * One user with what this operator may do to them, as the worker allows it (middleware/operator.ts
 * mayActOn): an operator's row is a super admin's to change, and nobody disables, deletes or
 * re-roles themselves, so those buttons are not offered where they would be refused.
 */
function UserRow({
  user,
  superAdmin,
  readOnly,
  self,
  onEdit,
  onPassword,
  onToggle,
  onDelete,
  onRole,
}: {
  user: ManagedUser;
  superAdmin: boolean;
  /** The demo's shared operator: every change refused. */
  readOnly: boolean;
  self: boolean;
  onEdit: () => void;
  onPassword: () => void;
  onToggle: () => void;
  onDelete: () => void;
  onRole: (role: number) => void;
}) {
  const { t } = useTranslation();
  const name = user.realname || user.account;
  const roles = [
    { value: String(ROLE_USER), label: t('manage.role.0') },
    { value: String(ROLE_ADMIN), label: t('manage.role.2') },
    { value: String(ROLE_SUPER), label: t('manage.role.1') },
  ];
  const disabled = user.status !== 1;
  const mayAct = superAdmin || user.role === ROLE_USER;
  // An e-mail that is the account itself is shown once.
  const email = user.email && user.email.toLowerCase() !== user.account.toLowerCase() ? user.email : '';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-48 flex-1">
        <p className="text-[15px] font-medium text-neutral-900">
          {name} {/* The id, as the settings that hold people store it. */}
          <span className="text-[12px] font-normal text-neutral-600">{t('manage.users.id', { id: user.user_id })}</span>
        </p>
        <p className="text-[13px] text-neutral-600">
          {user.account}
          {email && ` · ${email}`}
        </p>
      </div>
      <div className="flex items-center gap-2 text-[12px]">
        <span className={`rounded px-2 py-0.5 ${disabled ? 'bg-red-50 text-danger' : 'bg-brand/10 text-brand-dark'}`}>
          {disabled ? t('manage.users.statusDisabled') : t('manage.users.statusActive')}
        </span>
        {(!superAdmin || self) && user.role !== ROLE_USER && (
          <span className="rounded bg-neutral-100 px-2 py-0.5 text-neutral-700">
            {t(`manage.role.${user.role === ROLE_SUPER ? 1 : 2}`)}
          </span>
        )}
      </div>
      {superAdmin && !self && (
        <label className="flex items-center gap-2 text-[13px] text-neutral-700">
          <span className="sr-only">{t('manage.users.roleOf', { name })}</span>
          <select
            value={String(user.role)}
            disabled={readOnly}
            onChange={(e) => onRole(Number(e.target.value))}
            className="h-9 rounded-md border border-neutral-300 bg-white px-2 text-[14px] text-neutral-900"
          >
            {roles.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {mayAct && (
        <div className="flex flex-wrap gap-2">
          <SmallButton disabled={readOnly} onClick={onEdit} aria-label={t('manage.users.editOf', { name })}>
            {t('manage.users.edit')}
          </SmallButton>
          <SmallButton disabled={readOnly} onClick={onPassword} aria-label={t('manage.users.resetOf', { name })}>
            {t('manage.users.reset')}
          </SmallButton>
          {!self && (
            <>
              <SmallButton
                tone={disabled ? 'plain' : 'danger'}
                disabled={readOnly}
                onClick={onToggle}
                aria-label={disabled ? t('manage.users.enableOf', { name }) : t('manage.users.disableOf', { name })}
              >
                {disabled ? t('manage.users.enable') : t('manage.users.disable')}
              </SmallButton>
              <SmallButton
                tone="danger"
                disabled={readOnly}
                onClick={onDelete}
                aria-label={t('manage.users.deleteOf', { name })}
              >
                {t('manage.users.delete')}
              </SmallButton>
            </>
          )}
        </div>
      )}
    </li>
  );
}
