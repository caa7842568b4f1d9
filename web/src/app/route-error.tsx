// Shown when a page fails to load (typically a lazy chunk after a deploy): offer a reload.
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-page px-10 text-center">
      <p className="text-[15px] text-neutral-600">{t('common.pageError')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}
