// About screen: app name, version, build code and what the app does today.
import { AppLogo } from '../../components/ui/app-logo';
import { Page } from '../../components/ui/page';
import { APP_VERSION, APP_VERSION_CODE } from '../../config/app';
import { useTranslation } from '../../lib/i18n';

export default function AboutScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.about')}>
      <div className="flex flex-col items-center px-10 pt-16 text-center">
        <AppLogo size={80} />
        <h2 className="mt-5 text-[22px] font-semibold text-black">{t('app.name')}</h2>
        <p className="mt-1 text-[15px] text-neutral-500">{t('about.version', { version: APP_VERSION })}</p>
        <p className="text-[13px] text-neutral-400">{t('about.versionCode', { code: APP_VERSION_CODE })}</p>
        <p className="mt-8 text-[14px] leading-relaxed text-neutral-500">{t('about.description')}</p>
      </div>
    </Page>
  );
}
