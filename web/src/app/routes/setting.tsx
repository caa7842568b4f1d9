// Settings screen: sound, vibration, round avatars and the UI language.
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/ui/page';
import { AppSettingList } from '../../features/settings/components/app-setting-list';
import { LanguagePicker } from '../../features/settings/components/language-picker';

export default function SettingScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.setting')}>
      <AppSettingList />
      <LanguagePicker />
    </Page>
  );
}
