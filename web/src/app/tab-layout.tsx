// Pages reached from the bottom tabs: the page above, the 50 px tab bar fixed below it,
// with the total unread count (muted chats left out, spec §4) on the messages tab.
import { Outlet } from 'react-router';
import { TAB_BAR_HEIGHT, TabBar } from '../components/ui/tab-bar';
import { totalUnread, useChatState } from '../features/chat';

export default function TabLayout() {
  const unread = useChatState((s) => totalUnread(s.contacts));
  return (
    <div style={{ paddingBottom: TAB_BAR_HEIGHT }}>
      <Outlet />
      <TabBar badges={{ messages: unread }} />
    </div>
  );
}
