// Profile screen: my avatar, nickname, email, gender and signature.
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/ui/page';
import { ProfileForm } from '../../features/profile';
import { useAppSetting } from '../../features/settings';

export default function ProfileScreen() {
  const { t } = useTranslation();
  const { circleAvatar } = useAppSetting();
  return (
    <Page title={t('route.profile')}>
      <ProfileForm roundAvatar={circleAvatar} />
    </Page>
  );
}
