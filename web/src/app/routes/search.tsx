// The search page (spec §2, /pages/index/search): contacts and recent chat history.
import { GlobalSearch } from '../../features/search';
import { useAppSetting } from '../../features/settings';
import { useTranslation } from '../../lib/i18n';

export default function SearchScreen() {
  const { t } = useTranslation();
  const { circleAvatar } = useAppSetting();
  return (
    <main className="min-h-dvh bg-page pb-6">
      {/* The search box is the page's top: its title is for screen readers. */}
      <h1 className="sr-only">{t('route.search')}</h1>
      <GlobalSearch roundAvatar={circleAvatar} />
    </main>
  );
}
