// A group's members (the original's /pages/message/group/groupUser?id=group-N); on a wide screen, a panel beside the group's chat.
import { Navigate, useSearchParams } from 'react-router';

import { groupIdOf } from '@protocol/ids';

import { PATHS } from '../../config/paths';
import { MemberListView } from '../../features/groups';
import { useTranslation } from '../../lib/i18n';
import { PanelPage } from '../panel-page';

export default function GroupUsersScreen() {
  const { t } = useTranslation();
  const key = useSearchParams()[0].get('id') ?? '';
  if (groupIdOf(key) === null) return <Navigate to={PATHS.home} replace />;
  return (
    <PanelPage title={t('route.groupUsers')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px]">
        <MemberListView key={key} groupKey={key} />
      </div>
    </PanelPage>
  );
}
