// The chat detail page (/pages/message/detail?id=<contact key>[&search=1]). From 1024 px
// it is a panel beside the chat (messages-layout.tsx), closed by its × or Escape, and a group's
// holds its members, announcement and settings as WhatsApp Web's group info does (a phone keeps
// them on the group's page, one tap away).
import { useContext } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { groupIdOf } from '@protocol/ids';

import { TopBar } from '../../components/ui/top-bar';
import { PATHS } from '../../config/paths';
import { ChatDetailView } from '../../features/chat';
import { GroupOverview, GroupSettings } from '../../features/groups';
import { useTranslation } from '../../lib/i18n';
import { PanelHeader } from '../panel-page';
import { InsideMain, ScreenMain } from '../wide-screen';

export default function ChatDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('id') ?? '';
  const searching = params.get('search') === '1';
  const navigate = useNavigate();
  const inside = useContext(InsideMain);
  const title = t(searching ? 'chatDetail.searchHistory' : 'route.chatDetail');
  const group = inside && groupIdOf(key) !== null;
  return (
    <div className="min-h-dvh bg-page lg:min-h-full">
      {inside ? <PanelHeader title={title} /> : <TopBar title={title} />}
      <ScreenMain>
        <ChatDetailView
          key={key}
          contactKey={key}
          searching={searching}
          overview={group ? <GroupOverview groupKey={key} /> : undefined}
          settings={
            group ? (
              <GroupSettings groupKey={key} onLeft={() => void navigate(PATHS.home, { replace: true })} />
            ) : undefined
          }
        />
      </ScreenMain>
    </div>
  );
}
