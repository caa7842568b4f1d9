// The frame of every signed-in page, with the total unread count (muted chats left out)
// on the messages tab. On a phone the tabs' own pages get the 50 px tab bar fixed below them and
// every other page the whole screen, as before. From 1024 px the tab bar is a rail down the left
// of every page; the messages area (with the panels opened beside a chat) fills the rest as panes
// (messages-layout.tsx) and the other pages stand in a centred column, which is what a list of
// settings or contacts needs there.
import { Outlet, useLocation } from 'react-router';

import { isTabPath, TAB_BAR_HEIGHT, TAB_RAIL_WIDTH, TabBar, type TabBarProps } from '../components/ui/tab-bar';
import { useUnreadAnnouncements } from '../features/announcements';
import { totalUnread, useChatState } from '../features/chat';
import { usePendingRequests } from '../features/contacts';
import { useTranslation } from '../lib/i18n';
import { MessagesLayout, useChatBeside } from './messages-layout';
import { useDesktopKeys } from './use-desktop-keys';
import { useIsDesktop } from './wide-screen';

export default function TabLayout() {
  const unread = useChatState((s) => totalUnread(s.contacts));
  const requests = usePendingRequests();
  const { t } = useTranslation();
  // A new announcement leaves a dot on Me until its page is opened.
  const dots = useUnreadAnnouncements() ? { mine: t('announcements.unread') } : undefined;
  const { pathname } = useLocation();
  // Followed at every width, so a window widened on a panel page keeps its chat beside it.
  const chat = useChatBeside();
  if (useIsDesktop()) return <DesktopFrame unread={unread} requests={requests} dots={dots} chat={chat} />;
  if (!isTabPath(pathname)) return <Outlet />;
  return (
    <div style={{ paddingBottom: TAB_BAR_HEIGHT }}>
      <Outlet />
      <TabBar badges={{ messages: unread, contacts: requests }} dots={dots} />
    </div>
  );
}

/** `chat`: the messages layout's open chat (null: none), undefined for the other pages. */
function DesktopFrame({
  unread,
  requests,
  dots,
  chat,
}: {
  unread: number;
  requests: number;
  dots: TabBarProps['dots'];
  chat: string | null | undefined;
}) {
  const messages = chat !== undefined;
  useDesktopKeys(messages);
  // data-desktop lets the app shell drop its phone-width column (index.css).
  return (
    <div data-desktop style={{ paddingLeft: TAB_RAIL_WIDTH }} className="flex min-h-dvh">
      <TabBar rail badges={{ messages: unread, contacts: requests }} dots={dots} />
      {messages ? (
        <MessagesLayout chat={chat} />
      ) : (
        <div className="min-h-dvh min-w-0 flex-1 bg-[#e9e9e9]">
          <div className="mx-auto min-h-dvh max-w-[640px] bg-page shadow-[0_0_24px_rgba(0,0,0,0.06)]">
            <Outlet />
          </div>
        </div>
      )}
    </div>
  );
}
