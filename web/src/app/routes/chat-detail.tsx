// The chat detail page (spec §2, /pages/message/detail?id=<contact key>[&search=1]). From 1024 px
// it is a panel beside the chat (messages-layout.tsx), closed by its × or Escape.
import { useContext } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../components/ui/icons';
import { TopBar } from '../../components/ui/top-bar';
import { ChatDetailView } from '../../features/chat';
import { InsideMain, ScreenMain, useClosePanel } from '../wide-screen';

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

function PanelHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const close = useClosePanel();
  return (
    <header className="sticky top-0 z-10 flex h-11 shrink-0 items-center border-b border-black/5 bg-page/95 pr-1 pl-4 backdrop-blur">
      <h2 className="min-w-0 flex-1 truncate text-[16px] font-medium text-black">{title}</h2>
      <button type="button" onClick={close} aria-label={t('layout.closePanel')}
        className="flex h-11 w-11 items-center justify-center text-neutral-700 hover:text-black">
        <Icon size={20}><path d="M6 6l12 12M18 6 6 18" /></Icon>
      </button>
    </header>
  );
}
