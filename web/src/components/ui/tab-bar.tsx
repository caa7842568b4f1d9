// The bottom tab bar (spec §2): 50 px high, #333 by default, #1AAD19 when selected. Counts
// come in as props so this shared piece stays unaware of the chat feature.
import { NavLink } from './link';
import { PATHS } from '../../config/paths';
import { type TKey, useTranslation } from '../../lib/i18n';
import { Badge } from './badge';
import { ChatIcon, ContactsIcon, ExploreIcon, MeIcon } from './icons';

export type TabName = 'messages' | 'contacts' | 'explore' | 'mine';

const TABS: { name: TabName; to: string; label: TKey; icon: () => React.JSX.Element }[] = [
  { name: 'messages', to: PATHS.home, label: 'tabs.messages', icon: ChatIcon },
  { name: 'contacts', to: PATHS.contacts, label: 'tabs.contacts', icon: ContactsIcon },
  { name: 'explore', to: PATHS.explore, label: 'tabs.explore', icon: ExploreIcon },
  { name: 'mine', to: PATHS.mine, label: 'tabs.mine', icon: MeIcon },
];

export const TAB_BAR_HEIGHT = 50;

export function TabBar({ badges = {} }: { badges?: Partial<Record<TabName, number>> }) {
  const { t } = useTranslation();
  return (
    <nav
      style={{ height: TAB_BAR_HEIGHT }}
      className="fixed bottom-0 left-1/2 z-20 flex w-full max-w-[480px] -translate-x-1/2 border-t border-black/10 bg-[#f7f7f7]/95 backdrop-blur"
    >
      {TABS.map(({ name, to, label, icon: TabIcon }) => (
        <NavLink key={to} to={to} end
          className={({ isActive }) =>
            `flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] ${isActive ? 'text-brand-dark' : 'text-tab'}`
          }>
          <span className="relative">
            <TabIcon />
            <span className="absolute -top-1.5 left-[60%]" data-testid={`tab-badge-${name}`}>
              <Badge count={badges[name] ?? 0} label={t('chatList.unread', { count: badges[name] ?? 0 })} />
            </span>
          </span>
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
