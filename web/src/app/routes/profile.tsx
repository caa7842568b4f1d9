// Profile screen: my avatar, nickname, email, gender and signature.
import { Page } from '../../components/ui/page';
import { ProfileForm } from '../../features/profile';
import { useTranslation } from '../../lib/i18n';

export default function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.profile')}>
      <ProfileForm />
    </Page>
  );
}
