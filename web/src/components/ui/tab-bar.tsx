// The tab bar: on a phone 50 px high along the bottom, #333 by default and the brand's
// green when selected; from 1024 px a narrow rail down the left edge, where a tab stays selected
// on the pages under it (a chat under Messages, the settings under Me). Counts come in as props
// so this shared piece stays unaware of the chat feature.
import { useId } from 'react';
import { useLocation } from 'react-router';

import { PATHS } from '../../config/paths';
import { type TKey, useTranslation } from '../../lib/i18n';
import { Badge } from './badge';
import { ChatIcon, ContactsIcon, ExploreIcon, MeIcon } from './icons';
import { Link, NavLink } from './link';

export type TabName = 'messages' | 'contacts' | 'explore' | 'mine';

const TABS: { name: TabName; to: string; label: TKey; icon: () => React.JSX.Element }[] = [
  { name: 'messages', to: PATHS.home, label: 'tabs.messages', icon: ChatIcon },
  { name: 'contacts', to: PATHS.contacts, label: 'tabs.contacts', icon: ContactsIcon },
  { name: 'explore', to: PATHS.explore, label: 'tabs.explore', icon: ExploreIcon },
  { name: 'mine', to: PATHS.mine, label: 'tabs.mine', icon: MeIcon },
];

export const TAB_BAR_HEIGHT = 50;
export const TAB_RAIL_WIDTH = 72;

/** Whether `pathname` is one of the tabs themselves (the pages a phone shows the bar on). */
export const isTabPath = (pathname: string) => TABS.some((tab) => tab.to === pathname);

/** The tab a page belongs to: the folder of its path (/pages/contacts/…, /pages/mine/…), Messages otherwise. */
export function tabOf(pathname: string): TabName {
  const folder = pathname.split('/')[2];
  return folder === 'contacts' ? 'contacts' : folder === 'third' ? 'explore' : folder === 'mine' ? 'mine' : 'messages';
}

export interface TabBarProps {
  badges?: Partial<Record<TabName, number>>;
  /** A dot without a count on a tab, described by the text given (a new announcement on Me). */
  dots?: Partial<Record<TabName, string>>;
  /** The wide screen's rail down the left edge instead of the bar along the bottom. */
  rail?: boolean;
}

export function TabBar({ badges = {}, dots = {}, rail = false }: TabBarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = tabOf(pathname);
  // A tab is named by its label alone (stable for voice control and tests); its count is its
  // description, read after the name.
  const ids = useId();
  const badgeId = (name: TabName) => `${ids}-${name}`;
  const described = (name: TabName) => ((badges[name] ?? 0) > 0 || dots[name] ? badgeId(name) : undefined);
  const content = (name: TabName, label: TKey, TabIcon: () => React.JSX.Element) => (
    <>
      <span className="relative">
        <TabIcon />
        <span
          id={badgeId(name)}
          aria-hidden="true"
          className="absolute -top-1.5 left-[60%]"
          data-testid={`tab-badge-${name}`}
        >
          {(badges[name] ?? 0) === 0 && dots[name] ? (
            <>
              <Badge count={1} dot />
              <span className="sr-only">{dots[name]}</span>
            </>
          ) : (
            <Badge
              count={badges[name] ?? 0}
              label={
                name === 'contacts'
                  ? t('people.requests.pendingCount', { count: badges[name] ?? 0 })
                  : t('chatList.unread', { count: badges[name] ?? 0 })
              }
            />
          )}
        </span>
      </span>
      <span>{t(label)}</span>
    </>
  );
  if (rail) {
    return (
      <nav
        style={{ width: TAB_RAIL_WIDTH }}
        className="fixed inset-y-0 left-0 z-20 flex flex-col gap-1 border-r border-black/10 bg-[#f7f7f7] pt-4"
      >
        {TABS.map(({ name, to, label, icon }) => (
          <Link
            key={to}
            to={to}
            aria-current={current === name ? 'page' : undefined}
            aria-describedby={described(name)}
            className={`mx-1.5 flex h-16 flex-col items-center justify-center gap-1 rounded-lg text-[11px] hover:bg-black/5 ${current === name ? 'bg-black/5 text-brand-dark' : 'text-tab'}`}
          >
            {content(name, label, icon)}
          </Link>
        ))}
      </nav>
    );
  }
  return (
    <nav
      style={{ height: TAB_BAR_HEIGHT }}
      className="fixed bottom-0 left-1/2 z-20 flex w-full max-w-[480px] -translate-x-1/2 border-t border-black/10 bg-[#f7f7f7]/95 backdrop-blur"
    >
      {TABS.map(({ name, to, label, icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          aria-describedby={described(name)}
          className={({ isActive }) =>
            `flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] ${isActive ? 'text-brand-dark' : 'text-tab'}`
          }
        >
          {content(name, label, icon)}
        </NavLink>
      ))}
    </nav>
  );
}
