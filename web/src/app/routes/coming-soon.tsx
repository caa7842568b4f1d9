// The frame of a page a later issue fills: its title, a back button off the tabs, and a plain
// note that the feature is on its way.
import { Page } from '../../components/ui/page';
import { type TKey, useTranslation } from '../../lib/i18n';

export default function ComingSoon({ title, isTab = false }: { title: TKey; isTab?: boolean }) {
  const { t } = useTranslation();
  return (
    <Page title={t(title)} showBack={!isTab}>
      <div className="flex flex-col items-center px-10 pt-28 text-center">
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" className="text-neutral-300">
          <rect x="8" y="12" width="48" height="34" rx="8" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M20 46v8l10-8" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <circle cx="22" cy="29" r="3" fill="currentColor" />
          <circle cx="32" cy="29" r="3" fill="currentColor" />
          <circle cx="42" cy="29" r="3" fill="currentColor" />
        </svg>
        <p className="mt-5 text-[17px] font-medium text-neutral-700">{t('common.comingSoon')}</p>
        <p className="mt-2 text-[14px] leading-relaxed text-neutral-400">{t('common.comingSoonHint')}</p>
      </div>
    </Page>
  );
}
