// Shown instead of a working form in demo mode: the demo accounts are shared by everyone.
import { useTranslation } from '@web/lib/i18n';

export function DemoModeNote() {
  const { t } = useTranslation();
  return (
    <p role="note" className="mx-4 mt-3 rounded-md bg-amber-50 px-3 py-2 text-[14px] text-amber-900">
      {t('secure.demoMode')}
    </p>
  );
}
