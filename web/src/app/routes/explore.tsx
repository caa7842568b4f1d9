// The explore tab: links the administrator configured.
import { Page } from '../../components/ui/page';
import { ExploreLinks } from '../../features/explore';
import { useTranslation } from '../../lib/i18n';

export default function ExploreScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.explore')} showBack={false}>
      <ExploreLinks />
    </Page>
  );
}
