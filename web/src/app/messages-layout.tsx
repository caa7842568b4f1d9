// The messages area from 1024 px (tab-layout.tsx picks it): the chat list, the search, a chat
// and its details, which a phone shows as pages of their own, share one main of three panes: the
// chat list on the left (the search in its place on the search route), the chat named by `?id=`
// or a "choose a chat" panel in the middle, and the details as a panel on the right. The chat
// stands in the same place with or without the details, so opening them keeps its scroll
// position and draft. The list and the chat are the routes' own lazy screens; each pane waits
// for its code on its own, so opening the first chat never blanks the list.
import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { PATHS } from '../config/paths';
import { useTranslation } from '../lib/i18n';
import { ChooseChatPanel } from './choose-chat-panel';
import { InsideMain } from './wide-screen';

const HomeScreen = lazy(() => import('./routes/home'));
const ChatScreen = lazy(() => import('./routes/chat'));

/** The routes this layout shows as panes. */
export const MESSAGES_PATHS: readonly string[] = [PATHS.home, PATHS.chat, PATHS.chatDetail, PATHS.search];

export function MessagesLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const open = params.get('id');
  return (
    <InsideMain value>
      <main className="flex h-dvh min-w-0 flex-1 bg-page">
        <section aria-label={t('route.home')}
          className="flex w-[300px] shrink-0 flex-col overflow-y-auto border-r border-black/10 bg-white xl:w-[360px]">
          <Suspense fallback={null}>{pathname === PATHS.search ? <Outlet /> : <HomeScreen />}</Suspense>
        </section>
        <div className="flex min-w-0 flex-1 flex-col">
          <Suspense fallback={null}>{open ? <ChatScreen /> : <ChooseChatPanel />}</Suspense>
        </div>
        {pathname === PATHS.chatDetail && (
          <section aria-label={t('route.chatDetail')}
            className="flex w-[300px] shrink-0 flex-col overflow-y-auto border-l border-black/10 bg-page xl:w-[340px]">
            <Suspense fallback={null}><Outlet /></Suspense>
          </section>
        )}
      </main>
    </InsideMain>
  );
}
