// The messages tab (home): its top bar, the connection notice and the chat list. From
// 1024 px it is the left pane of the messages layout: a search box joins it and the open chat's
// row is marked.
import { useSearchParams } from 'react-router';

import { ChatList, HomeTopBar, SocketNotice, totalUnread, useChatState } from '../../features/chat';
import { SearchShortcut } from '../search-shortcut';
import { ScreenMain, useIsDesktop } from '../wide-screen';

export default function HomeScreen() {
  const unread = useChatState((s) => totalUnread(s.contacts));
  const desktop = useIsDesktop();
  const [params] = useSearchParams();
  const open = desktop ? params.get('id') : null;
  return (
    <div className="flex min-h-[calc(100dvh-50px)] flex-col bg-white lg:min-h-full">
      <HomeTopBar unread={unread} />
      <SocketNotice />
      {desktop && <SearchShortcut open={open} />}
      <ScreenMain className="flex-1">
        <ChatList selectedKey={open ?? undefined} />
      </ScreenMain>
    </div>
  );
}
