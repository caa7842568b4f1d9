// Login by password or, after "forgot password", by a code sent to the account.
// "Remember me" keeps the account (never the password) for the next visit.
// The login call (API client, validator) is not part of the page's first download: it is
// fetched right after the first render, well before anyone can submit; so is the send-code
// button, which shows only after switching to login by code.
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';

import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-error';
import { FormField } from '@web/components/ui/form-field';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';

import { CODE_PURPOSE } from '../api/code-purpose';
import { type LoginInput, validateLogin } from '../utils/validation';

const loadLogin = () => import('../api/login');
const loadSendCodeButton = () => import('./send-code-button');
const SendCodeButton = lazy(() => loadSendCodeButton().then((module) => ({ default: module.SendCodeButton })));

export function LoginForm({ initialAccount, onLoggedIn }: { initialAccount?: string; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const remembered = storage.getRememberedAccount();
  const [account, setAccount] = useState(initialAccount ?? remembered ?? '');
  const [secret, setSecret] = useState('');
  const [byCode, setByCode] = useState(false);
  const [remember, setRemember] = useState(remembered !== undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadLogin().catch(() => undefined);
    loadSendCodeButton().catch(() => undefined);
  }, []);

  const switchMode = () => {
    setByCode((on) => !on);
    setSecret('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: LoginInput = byCode
      ? { account: account.trim(), code: secret.trim() }
      : { account: account.trim(), password: secret };
    const problem = validateLogin(input);
    setError(problem && t(problem));
    if (problem) return;
    setBusy(true);
    let login: Awaited<ReturnType<typeof loadLogin>>['login'];
    try {
      ({ login } = await loadLogin());
    } catch {
      setBusy(false);
      return showToast(t('common.networkTimeout'));
    }
    try {
      await login(input);
      storage.setRememberedAccount(remember ? input.account : undefined);
      onLoggedIn();
    } catch {
      setBusy(false); // the API client has shown the reason
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('login.account')}
        name="account"
        autoComplete="username"
        value={account}
        placeholder={t('login.accountPlaceholder')}
        onChange={(e) => setAccount(e.target.value)}
      />
      {byCode ? (
        <FormField
          label={t('login.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={secret}
          placeholder={t('login.codePlaceholder')}
          onChange={(e) => setSecret(e.target.value)}
          action={
            <Suspense fallback={null}>
              <SendCodeButton account={account} purpose={CODE_PURPOSE.login} />
            </Suspense>
          }
        />
      ) : (
        <FormField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={secret}
          placeholder={t('login.passwordPlaceholder')}
          onChange={(e) => setSecret(e.target.value)}
        />
      )}
      <div className="flex items-center justify-between py-3 text-[14px]">
        <label className="flex items-center gap-2 text-neutral-600">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            className="h-4 w-4 accent-brand"
          />
          {t('login.rememberMe')}
        </label>
        <button type="button" onClick={switchMode} className="text-[#576b95]">
          {byCode ? t('login.usePassword') : t('login.forgotPassword')}
        </button>
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={busy} className="mt-6">
        {t('login.submit')}
      </Button>
    </form>
  );
}
