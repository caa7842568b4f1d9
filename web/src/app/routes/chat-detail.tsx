// The chat detail page (spec §2, /pages/message/detail?id=<contact key>[&search=1]). From 1024 px
// it is a panel beside the chat (messages-layout.tsx), closed by its × or Escape.
import { useContext } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { TopBar } from '../../components/ui/top-bar';
import { ChatDetailView } from '../../features/chat';
import { PanelHeader } from '../panel-page';
import { InsideMain, ScreenMain } from '../wide-screen';

export default function ChatDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('id') ?? '';
  const searching = params.get('search') === '1';
  const title = t(searching ? 'chatDetail.searchHistory' : 'route.chatDetail');
  return (
    <div className="min-h-dvh bg-page lg:min-h-full">
      {useContext(InsideMain) ? <PanelHeader title={title} /> : <TopBar title={title} />}
      <ScreenMain>
        <ChatDetailView key={key} contactKey={key} searching={searching} />
      </ScreenMain>
    </div>
  );
}
