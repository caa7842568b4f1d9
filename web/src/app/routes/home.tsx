// The messages tab (spec §2, home): its top bar, the connection notice and the chat list.
import { ChatList, HomeTopBar, SocketNotice, totalUnread, useChatState } from '../../features/chat';
import { useAppSetting } from '../../features/settings';

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
