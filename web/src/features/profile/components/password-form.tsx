// Changing my password, proven by the current password or by a code sent to my account
// (sendCode type 3). On success the server has signed every other session out and answered a
// fresh token for this one, which api/account-calls stores.
import { type FormEvent, useState } from 'react';

import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-error';
import { FormField } from '@web/components/ui/form-field';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { CODE_PURPOSE, SendCodeButton } from '../../auth';
import { changePassword } from '../api/account-calls';
import { type PasswordInput, validatePasswordChange } from '../utils/account-rules';
import { DemoModeNote } from './demo-mode-note';

const EMPTY = { proof: '', password: '', confirm: '' };

export function PasswordForm({ account, demo }: { account: string; demo: boolean }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<PasswordInput['by']>('password');
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const field = (name: keyof typeof EMPTY) => ({
    id: `password-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const switchProof = () => {
    setBy((b) => (b === 'password' ? 'code' : 'password'));
    setForm((f) => ({ ...f, proof: '' }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (demo) return setError(t('secure.demoMode'));
    const input: PasswordInput = { by, ...form };
    const problem = validatePasswordChange(input);
    setError(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      await changePassword(
        by === 'password'
          ? { password: form.password, originalPassword: form.proof }
          : { password: form.password, code: form.proof.trim() },
      );
      setForm(EMPTY);
      setDone(true);
      showToast(t('secure.passwordChanged'), 3000);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="password-title" className="mt-3 bg-white pb-5">
      <h2 id="password-title" className="px-4 pt-4 text-[17px] font-medium text-black">
        {t('secure.passwordTitle')}
      </h2>
      {demo && <DemoModeNote />}
      <form onSubmit={(event) => void submit(event)} noValidate className="px-4">
        {by === 'password' ? (
          <FormField
            label={t('secure.oldPassword')}
            type="password"
            autoComplete="current-password"
            placeholder={t('secure.oldPasswordPlaceholder')}
            {...field('proof')}
          />
        ) : (
          <FormField
            label={t('secure.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('secure.codePlaceholder')}
            {...field('proof')}
            action={<SendCodeButton account={account} purpose={CODE_PURPOSE.changePassword} />}
          />
        )}
        <div className="flex justify-end pt-2">
          <button type="button" onClick={switchProof} className="text-[14px] text-[#576b95]">
            {by === 'password' ? t('secure.useCode') : t('secure.useOldPassword')}
          </button>
        </div>
        <FormField
          label={t('secure.newPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('secure.newPasswordPlaceholder')}
          {...field('password')}
        />
        <FormField
          label={t('secure.confirmPassword')}
          type="password"
          autoComplete="new-password"
          placeholder={t('secure.confirmPasswordPlaceholder')}
          {...field('confirm')}
        />
        <FormError message={error} />
        {done && (
          <p role="status" className="mt-4 text-center text-[14px] text-brand-dark">
            {t('secure.passwordChanged')}
          </p>
        )}
        <Button type="submit" disabled={busy || demo} className="mt-6">
          {t('secure.passwordSubmit')}
        </Button>
      </form>
    </section>
  );
}
