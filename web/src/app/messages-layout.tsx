// The messages area from 1024 px (tab-layout.tsx picks it): the chat list, the search, a chat
// and its panels, which a phone shows as pages of their own, share one main of three panes: the
// chat list on the left (the search in its place on the search route), the open chat or a
// "choose a chat" panel in the middle, and on the right a panel, as in WhatsApp Web: the chat's
// details, or, opened from the chat, a group's page, its members or a person's card. The chat
// stands in the same place with or without a panel, so opening one keeps its scroll position and
// draft. The list and the chat are the routes' own lazy screens; each pane waits for its code on
// its own, so opening the first chat never blanks the list.
import { lazy, Suspense, useRef } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';

import { PATHS } from '../config/paths';
import { useTranslation } from '../lib/i18n';
import { ChooseChatPanel } from './choose-chat-panel';
import { InsideMain, PANEL_PATHS } from './wide-screen';

const HomeScreen = lazy(() => import('./routes/home'));
const ChatScreen = lazy(() => import('./routes/chat'));

/** The routes this layout always shows as panes. */
export const MESSAGES_PATHS: readonly string[] = [PATHS.home, PATHS.chat, PATHS.chatDetail, PATHS.search];

/** Each panel's title (PANEL_PATHS: the pages that open as the right-hand panel beside a chat). */
const PANELS: Record<string, 'route.chatDetail' | 'route.groupInfo' | 'route.groupUsers' | 'route.contactDetail'> = {
  [PATHS.chatDetail]: 'route.chatDetail',
  [PATHS.groupInfo]: 'route.groupInfo',
  [PATHS.groupUsers]: 'route.groupUsers',
  [PATHS.contactDetail]: 'route.contactDetail',
};

const isPanel = (pathname: string) => PANEL_PATHS.includes(pathname);

/**
 * The chat the messages layout shows in the middle, or undefined when the page is not part of it
 * (another tab, or a person's card opened from the contacts). A panel page keeps the chat it was
 * opened from: the last chat shown, remembered across the navigations between panels. (A ref
 * written while rendering: the value depends only on the addresses seen, so a second render of
 * the same address writes the same.)
 */
export function useChatBeside(): string | null | undefined {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const last = useRef<string | null>(null);
  const id = params.get('id');
  if (MESSAGES_PATHS.includes(pathname)) {
    last.current = pathname === PATHS.home ? null : id;
    return id;
  }
  if (!isPanel(pathname)) {
    last.current = null;
    return undefined;
  }
  // A group's page and members stand beside the group's chat even when opened directly.
  const chat = last.current ?? (pathname !== PATHS.contactDetail && !params.get('qr') ? id : null);
  return chat ?? undefined;
}

export function MessagesLayout({ chat }: { chat: string | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <InsideMain value>
      <main className="flex h-dvh min-w-0 flex-1 bg-page">
        <section
          aria-label={t('route.home')}
          className="flex w-[300px] shrink-0 flex-col overflow-y-auto border-r border-black/10 bg-white xl:w-[360px]"
        >
          <Suspense fallback={null}>{pathname === PATHS.search ? <Outlet /> : <HomeScreen />}</Suspense>
        </section>
        <div className="flex min-w-0 flex-1 flex-col">
          <Suspense fallback={null}>{chat ? <ChatScreen chatKey={chat} /> : <ChooseChatPanel />}</Suspense>
        </div>
        {isPanel(pathname) && (
          // Keyed by its address: each panel opens at its top, not at the last one's scroll.
          <section
            key={pathname + search}
            aria-label={t(PANELS[pathname] ?? 'route.chatDetail')}
            className="flex w-[300px] shrink-0 flex-col overflow-y-auto border-l border-black/10 bg-page xl:w-[340px]"
          >
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </section>
        )}
      </main>
    </InsideMain>
  );
}
