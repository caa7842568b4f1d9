// Registration: account, nickname, password twice, plus a verification code when the server
// requires one (regauth != '0') and an invite code when registration is by invitation.
import { type FormEvent, useEffect, useState } from 'react';

import { REALNAME_MAX } from '@protocol/limits';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-error';
import { FormField } from '@web/components/ui/form-field';
import { useTranslation } from '@web/lib/i18n';

import { CODE_PURPOSE } from '../api/code-purpose';
import { register } from '../api/register';
import { type RegistrationInput, validateRegistration } from '../utils/validation';
import { SendCodeButton } from './send-code-button';

interface RegisterFormProps {
  needsCode: boolean;
  needsInvite: boolean;
  initialInviteCode?: string;
  onRegistered: (account: string) => void;
}

export function RegisterForm({ needsCode, needsInvite, initialInviteCode = '', onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    account: '',
    realname: '',
    password: '',
    confirm: '',
    code: '',
    inviteCode: initialInviteCode,
  });
  // An invite link opened in a tab already on this page changes only the route's query: take its code.
  useEffect(() => {
    if (initialInviteCode) setForm((f) => ({ ...f, inviteCode: initialInviteCode }));
  }, [initialInviteCode]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: RegistrationInput = {
      account: form.account.trim(),
      realname: form.realname.trim(),
      password: form.password,
      confirm: form.confirm,
      code: needsCode ? form.code.trim() : undefined,
      inviteCode: needsInvite ? form.inviteCode.trim() : undefined,
    };
    const problem = validateRegistration(input);
    setError(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      const { confirm: _confirm, ...registration } = input;
      await register(registration);
      onRegistered(input.account);
    } catch {
      setBusy(false); // the API client has shown the reason
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('register.account')}
        autoComplete="username"
        placeholder={t('register.accountPlaceholder')}
        {...field('account')}
      />
      <FormField
        label={t('register.nickname')}
        autoComplete="nickname"
        maxLength={REALNAME_MAX}
        placeholder={t('register.nicknamePlaceholder')}
        {...field('realname')}
      />
      <FormField
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('register.passwordPlaceholder')}
        {...field('password')}
      />
      <FormField
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('register.confirmPasswordPlaceholder')}
        {...field('confirm')}
      />
      {needsCode && (
        <FormField
          label={t('register.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('register.codePlaceholder')}
          {...field('code')}
          action={<SendCodeButton account={form.account} purpose={CODE_PURPOSE.register} />}
        />
      )}
      {needsInvite && (
        <FormField
          label={t('register.inviteCode')}
          placeholder={t('register.inviteCodePlaceholder')}
          {...field('inviteCode')}
        />
      )}
      <FormError message={error} />
      <Button type="submit" disabled={busy} className="mt-8">
        {t('register.submit')}
      </Button>
    </form>
  );
}
