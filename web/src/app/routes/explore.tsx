// The explore tab: links the administrator configured.
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/ui/page';
import { ExploreLinks } from '../../features/explore';

export default function ExploreScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.explore')} showBack={false}>
      <ExploreLinks />
    </Page>
  );
}
