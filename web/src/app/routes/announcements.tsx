// Mine → Announcements: what the operators told every user.
import { Page } from '../../components/ui/page';
import { AnnouncementList } from '../../features/announcements';
import { useTranslation } from '../../lib/i18n';

export default function AnnouncementsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.announcements')}>
      <AnnouncementList />
    </Page>
  );
}
