// The chat detail page (spec §2, /pages/message/detail?id=<contact key>[&search=1]).
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { TopBar } from '../../components/ui/top-bar';
import { ChatDetailView } from '../../features/chat';
import { useAppSetting } from '../../features/settings';

export default function ChatDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { circleAvatar } = useAppSetting();
  const key = params.get('id') ?? '';
  const searching = params.get('search') === '1';
  return (
    <div className="min-h-dvh bg-page">
      <TopBar title={t(searching ? 'chatDetail.searchHistory' : 'route.chatDetail')} />
      <main>
        <ChatDetailView key={key} contactKey={key} roundAvatar={circleAvatar} searching={searching} />
      </main>
    </div>
  );
}
