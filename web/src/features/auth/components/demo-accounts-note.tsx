import { useTranslation } from '@web/lib/i18n';
// Shown on the login screen when the server runs in demo mode (getSystemInfo demon_mode).

export function DemoAccountsNote() {
  const { t } = useTranslation();
  return (
    <p className="mt-8 rounded-lg bg-brand/10 px-4 py-3 text-center text-[13px] leading-relaxed text-brand-dark">
      {t('login.demoAccounts')}
    </p>
  );
}
