// A group's page (the original's /pages/message/group/info?id=group-N), or, with ?qr=<token> from a
// scanned code, the group's card to join it from. On a wide screen, a panel beside the group's chat.
import { useContext } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';

import { groupIdOf } from '@protocol/ids';

import { PATHS } from '../../config/paths';
import { chatPath } from '../../features/chat';
import { GroupInfoView, JoinGroupCard } from '../../features/groups';
import { useTranslation } from '../../lib/i18n';
import { PanelPage } from '../panel-page';
import { InsideMain } from '../wide-screen';

export default function GroupInfoScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('id') ?? '';
  const qr = params.get('qr');
  // As a panel, the group's chat is open beside it: no link to it.
  const besideChat = useContext(InsideMain);
  if (!qr && groupIdOf(key) === null) return <Navigate to={PATHS.home} replace />;
  return (
    <PanelPage title={t('route.groupInfo')}>
      <div className="mx-auto min-h-dvh w-full max-w-[640px]">
        {qr ? (
          <JoinGroupCard token={qr} onOpen={(id) => void navigate(chatPath(id), { replace: true })} />
        ) : (
          <GroupInfoView
            key={key}
            groupKey={key}
            withOpenChat={!besideChat}
            onLeft={() => void navigate(PATHS.home, { replace: true })}
          />
        )}
      </div>
    </PanelPage>
  );
}
