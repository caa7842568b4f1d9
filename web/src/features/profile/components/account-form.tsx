// Certifying or changing my account (a phone number or email that receives codes): a code sent
// to the current account first when that one is verified, else my password (no code can reach an
// unverified account), then the new account and a code sent to it (both sendCode type 4).
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import type { UserInfo } from '@protocol/account';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-error';
import { FormField } from '@web/components/ui/form-field';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { CODE_PURPOSE, SendCodeButton } from '../../auth';
import { changeAccount } from '../api/account-calls';
import { validateAccountChange } from '../utils/account-rules';
import { DemoModeNote } from './demo-mode-note';

const EMPTY = { code: '', password: '', account: '', newCode: '' };

export function AccountForm({ user, demo }: { user: UserInfo; demo: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const verified = user.is_auth === 1;
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof EMPTY) => ({
    id: `account-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (demo) return setError(t('secure.demoMode'));
    const problem = validateAccountChange({ verified, ...form });
    setError(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      const proof = verified ? { code: form.code.trim() } : { code: '', password: form.password };
      await changeAccount(client, { account: form.account.trim(), newCode: form.newCode.trim(), ...proof });
      setForm(EMPTY);
      showToast(t('secure.accountChanged'));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="account-title" className="mt-3 bg-white pb-5">
      <h2 id="account-title" className="px-4 pt-4 text-[17px] font-medium text-black">
        {verified ? t('secure.accountTitle') : t('secure.certifyTitle')}
      </h2>
      <p className="px-4 pt-1 text-[14px] text-neutral-600">
        {t('secure.currentAccount', { account: user.account })} ·{' '}
        {verified ? t('secure.verified') : t('secure.notVerified')}
      </p>
      {demo && <DemoModeNote />}
      <form onSubmit={(event) => void submit(event)} noValidate className="px-4">
        {verified && (
          <FormField
            label={t('secure.currentCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('secure.codePlaceholder')}
            {...field('code')}
            action={<SendCodeButton account={user.account} purpose={CODE_PURPOSE.changeAccount} />}
          />
        )}
        {!verified && (
          <FormField
            label={t('secure.currentPassword')}
            type="password"
            autoComplete="current-password"
            placeholder={t('secure.oldPasswordPlaceholder')}
            {...field('password')}
          />
        )}
        <FormField
          label={t('secure.newAccount')}
          autoComplete="username"
          maxLength={32}
          placeholder={t('secure.newAccountPlaceholder')}
          {...field('account')}
        />
        <FormField
          label={t('secure.newCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('secure.codePlaceholder')}
          {...field('newCode')}
          action={<SendCodeButton account={form.account} purpose={CODE_PURPOSE.changeAccount} />}
        />
        <FormError message={error} />
        <Button type="submit" disabled={busy || demo} className="mt-6">
          {verified ? t('secure.accountSubmit') : t('secure.certifySubmit')}
        </Button>
      </form>
    </section>
  );
}
