// The notifications row, the sound, vibration and round-avatar switches; each change is saved immediately.
import { ListGroup, ListRow } from '@web/components/ui/list-row';
import { Switch } from '@web/components/ui/switch';
import { updateAppSetting, useAppSetting } from '@web/lib/app-setting';
import { type TKey, useTranslation } from '@web/lib/i18n';
import type { AppSetting } from '@web/lib/storage';

import { NotificationRow } from './notification-row';

function SettingRow({ name, label }: { name: keyof AppSetting; label: TKey }) {
  const { t } = useTranslation();
  const setting = useAppSetting();
  return (
    <ListRow
      label={t(label)}
      trailing={<Switch label={t(label)} checked={setting[name]} onChange={(on) => updateAppSetting({ [name]: on })} />}
    />
  );
}

export function AppSettingList() {
  const { t } = useTranslation();
  return (
    <>
      <ListGroup title={t('setting.notifications')}>
        <NotificationRow />
        <SettingRow name="voiceStatus" label="setting.sound" />
        <SettingRow name="vibrateStatus" label="setting.vibration" />
      </ListGroup>
      <ListGroup title={t('setting.appearance')}>
        <SettingRow name="circleAvatar" label="setting.circleAvatar" />
      </ListGroup>
    </>
  );
}
