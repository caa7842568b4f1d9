// The friend requests page (the original's /pages/contacts/friend): received, sent and to-be-agreed requests.
import { Page } from '../../components/ui/page';
import { FriendRequests } from '../../features/contacts';
import { useTranslation } from '../../lib/i18n';

export default function FriendRequestsScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('route.friendRequests')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px] pb-6">
        <FriendRequests />
      </div>
    </Page>
  );
}
