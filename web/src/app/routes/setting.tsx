// Settings screen: sound, vibration, round avatars and the UI language.
import { Page } from '../../components/ui/page';
import { AppSettingList, LanguagePicker } from '../../features/settings';
import { useTranslation } from '../../lib/i18n';

export default function SettingScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.setting')}>
      <AppSettingList />
      <LanguagePicker />
    </Page>
  );
}
