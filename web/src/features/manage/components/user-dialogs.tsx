// The Users screen's forms: a new user, a profile's name, email and gender with the operator's
// remark and the customer-service agent, and a new password (6–16 characters, as everywhere in the app). Each calls its /manage/user route and closes on success.
import { useId, useState } from 'react';

import { ACCOUNT_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '@protocol/limits';
import { USER_REMARK_MAX } from '@protocol/manage';
import { REALNAME_MAX } from '@protocol/people';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { addUser, editUser, type ManagedUser, resetPassword, type UserEdit } from '../api/manage-api';
import { type Agent, AgentPicker } from './agent-picker';
import { Field, FormDialog, SelectField } from './console-ui';

const passwordOk = (p: string) => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX;

function useSexOptions() {
  const { t } = useTranslation();
  return [
    { value: '2', label: t('manage.users.sexUnknown') },
    { value: '1', label: t('manage.users.sexMale') },
    { value: '0', label: t('manage.users.sexFemale') },
  ];
}

/** Runs `call`, then says `done` and closes; a refusal is already shown by the API client. */
function useSubmit(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    call().then(
      () => {
        showToast(done);
        onDone();
      },
      () => setBusy(false),
    );
  };
  return { busy, run };
}

export function PasswordDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const { busy, run } = useSubmit(onClose);
  return (
    <FormDialog
      title={t('manage.users.resetTitle', { name: user.realname || user.account })}
      submitLabel={t('manage.users.reset')}
      busy={busy}
      valid={passwordOk(password)}
      onSubmit={() => run(() => resetPassword(user.user_id, password), t('manage.users.resetDone'))}
      onClose={onClose}
    >
      <Field
        label={t('manage.users.newPassword')}
        help={t('manage.users.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        type="text"
        autoComplete="new-password"
        value={password}
        maxLength={PASSWORD_MAX}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
    </FormDialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [realname, setRealname] = useState(user.realname);
  const [email, setEmail] = useState(user.email);
  const [sex, setSex] = useState(String(user.sex));
  const [remark, setRemark] = useState(user.remark);
  const [agent, setAgent] = useState<Agent | null>(
    user.cs_uid ? { user_id: user.cs_uid, name: user.cs_name || String(user.cs_uid) } : null,
  );
  const remarkId = useId();
  const { busy, run } = useSubmit(onClose);
  const sexOptions = useSexOptions();
  const save = () => {
    const fields: UserEdit = { realname: realname.trim(), email: email.trim(), sex: Number(sex) };
    // The notes are sent only when changed, so the audit log records only real changes to them.
    if (remark.trim() !== user.remark) fields.remark = remark.trim();
    if ((agent?.user_id ?? 0) !== user.cs_uid) fields.cs_uid = agent?.user_id ?? 0;
    run(() => editUser(user.user_id, fields), t('manage.saved'));
  };
  return (
    <FormDialog
      title={t('manage.users.editTitle', { name: user.realname || user.account })}
      submitLabel={t('manage.save')}
      busy={busy}
      valid={realname.trim() !== ''}
      onSubmit={save}
      onClose={onClose}
    >
      <Field
        label={t('manage.users.realname')}
        value={realname}
        maxLength={REALNAME_MAX}
        onChange={(e) => setRealname(e.target.value)}
        autoFocus
      />
      <Field label={t('manage.users.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <SelectField
        label={t('manage.users.sex')}
        value={sex}
        onChange={(e) => setSex(e.target.value)}
        options={sexOptions}
      />
      <div>
        <label htmlFor={remarkId} className="block text-[13px] text-neutral-700">
          {t('manage.users.remark')}
        </label>
        <textarea
          id={remarkId}
          value={remark}
          maxLength={USER_REMARK_MAX}
          rows={3}
          aria-describedby={`${remarkId}-help`}
          onChange={(e) => setRemark(e.target.value)}
          className="mt-1 w-full rounded-md border border-neutral-300 bg-white p-3 text-[15px] text-neutral-900 outline-none focus:border-brand-dark"
        />
        <span id={`${remarkId}-help`} className="block text-[12px] text-neutral-500">
          {t('manage.users.remarkHelp', { max: USER_REMARK_MAX })}
        </span>
      </div>
      <AgentPicker agent={agent} self={user.user_id} onChange={setAgent} />
    </FormDialog>
  );
}

export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [realname, setRealname] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [sex, setSex] = useState('2');
  const { busy, run } = useSubmit(onClose);
  const sexOptions = useSexOptions();
  const valid = ACCOUNT_PATTERN.test(account.trim()) && realname.trim() !== '' && passwordOk(password);
  return (
    <FormDialog
      title={t('manage.users.addTitle')}
      submitLabel={t('manage.users.add')}
      busy={busy}
      valid={valid}
      onSubmit={() =>
        run(
          () =>
            addUser({
              account: account.trim(),
              realname: realname.trim(),
              password,
              email: email.trim(),
              sex: Number(sex),
            }),
          t('manage.users.added'),
        )
      }
      onClose={onClose}
    >
      <Field
        label={t('manage.users.account')}
        help={t('manage.users.accountRule')}
        value={account}
        maxLength={32}
        onChange={(e) => setAccount(e.target.value)}
        autoFocus
      />
      <Field
        label={t('manage.users.realname')}
        value={realname}
        maxLength={REALNAME_MAX}
        onChange={(e) => setRealname(e.target.value)}
      />
      <Field
        label={t('manage.users.password')}
        help={t('manage.users.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        type="text"
        autoComplete="new-password"
        value={password}
        maxLength={PASSWORD_MAX}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field label={t('manage.users.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <SelectField
        label={t('manage.users.sex')}
        value={sex}
        onChange={(e) => setSex(e.target.value)}
        options={sexOptions}
      />
    </FormDialog>
  );
}
