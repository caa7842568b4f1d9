// Group chats (the original's /pages/contacts/group): my groups, and Create group when allowed.
import { chatSwitch } from '@protocol/config-values';

import { Page } from '../../components/ui/page';
import { GroupChats } from '../../features/groups';
import { useTranslation } from '../../lib/i18n';
import { storedSystemInfo } from '../../lib/system-info';

export default function GroupsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.groups')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px]">
        <GroupChats canCreate={chatSwitch(storedSystemInfo().chatInfo, 'groupChat')} />
      </div>
    </Page>
  );
}
