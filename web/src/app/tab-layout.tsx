// Pages reached from the bottom tabs: the page above, the 50 px tab bar fixed below it.
import { Outlet } from 'react-router';
import { TAB_BAR_HEIGHT, TabBar } from '../components/ui/tab-bar';

export default function TabLayout() {
  return (
    <div style={{ paddingBottom: TAB_BAR_HEIGHT }}>
      <Outlet />
      <TabBar />
    </div>
  );
}
