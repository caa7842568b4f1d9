// The search page (/pages/index/search): contacts and recent chat history. From 1024 px
// it takes the chat list's pane (messages-layout.tsx).
import { GlobalSearch } from '../../features/search';
import { useTranslation } from '../../lib/i18n';
import { ScreenMain } from '../wide-screen';

export default function SearchScreen() {
  const { t } = useTranslation();
  return (
    <ScreenMain className="min-h-dvh bg-page pb-6 lg:min-h-full">
      {/* The search box is the page's top: its title is for screen readers. */}
      <h1 className="sr-only">{t('route.search')}</h1>
      <GlobalSearch />
    </ScreenMain>
  );
}
