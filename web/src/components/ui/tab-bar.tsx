// The bottom tab bar (spec §2): 50 px high, #333 by default, #1AAD19 when selected.
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../config/paths';
import type { TKey } from '../../lib/i18n';
import { ChatIcon, ContactsIcon, ExploreIcon, MeIcon } from './icons';

const TABS: { to: string; label: TKey; icon: () => React.JSX.Element }[] = [
  { to: PATHS.home, label: 'tabs.messages', icon: ChatIcon },
  { to: PATHS.contacts, label: 'tabs.contacts', icon: ContactsIcon },
  { to: PATHS.explore, label: 'tabs.explore', icon: ExploreIcon },
  { to: PATHS.mine, label: 'tabs.mine', icon: MeIcon },
];

export const TAB_BAR_HEIGHT = 50;

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav
      style={{ height: TAB_BAR_HEIGHT }}
      className="fixed bottom-0 left-1/2 z-20 flex w-full max-w-[480px] -translate-x-1/2 border-t border-black/10 bg-[#f7f7f7]/95 backdrop-blur"
    >
      {TABS.map(({ to, label, icon: TabIcon }) => (
        <NavLink key={to} to={to} end
          className={({ isActive }) =>
            `flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] ${isActive ? 'text-brand' : 'text-tab'}`
          }>
          <TabIcon />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
