// The messages tab (spec §2, home): its top bar, the connection notice and the chat list.
import { HomeTopBar } from '../../features/chat/components/chat-list/home-top-bar';
import { ChatList } from '../../features/chat/components/chat-list/chat-list';
import { SocketNotice } from '../../features/chat/components/chat-list/socket-notice';
import { useChatState } from '../../features/chat/hooks/use-chat';
import { totalUnread } from '../../features/chat/state/thread-ops';
import { useAppSetting } from '../../features/settings/hooks/use-app-setting';

export default function HomeScreen() {
  const { circleAvatar } = useAppSetting();
  const unread = useChatState((s) => totalUnread(s.contacts));
  return (
    <div className="flex min-h-[calc(100dvh-50px)] flex-col bg-white">
      <HomeTopBar unread={unread} />
      <SocketNotice />
      <main className="flex-1">
        <ChatList roundAvatar={circleAvatar} />
      </main>
    </div>
  );
}
