// The messages tab's own top bar: the title (with the unread total, as messengers do), a
// search button and a "+" menu for starting a chat or a group (closed by a choice, a tap outside or Escape).
import { useState } from 'react';

import { chatSwitch } from '@protocol/config-values';
import { BADGE_MAX } from '@web/components/ui/badge';
import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { storedSystemInfo } from '@web/lib/system-info';
import { useEscapeKey } from '@web/lib/use-escape-key';

import { GroupIcon, NewChatIcon, PlusCircleIcon, SearchIcon } from './list-icons';

/** Create group (the user selection screen in its group mode), when the server allows groups. */
const CREATE_GROUP = `${PATHS.userSelection}?mode=group`;

const ICON_BUTTON = 'flex h-11 w-11 items-center justify-center text-neutral-800 active:opacity-50';

export function HomeTopBar({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEscapeKey(menuOpen ? () => setMenuOpen(false) : null);
  const groupChat = chatSwitch(storedSystemInfo().chatInfo, 'groupChat');
  return (
    <header className="sticky top-0 z-10 flex h-11 shrink-0 items-center justify-center border-b border-black/5 bg-page/95 px-24 backdrop-blur">
      <h1 className="truncate text-[17px] font-medium text-black">
        {t('route.home')}
        {unread > 0 && <span className="ml-1 font-normal">({unread > BADGE_MAX ? `${BADGE_MAX}+` : unread})</span>}
      </h1>
      <div className="absolute right-1 flex">
        <Link to={PATHS.search} aria-label={t('chatList.search')} className={ICON_BUTTON}>
          <SearchIcon />
        </Link>
        <button
          type="button"
          aria-label={t('chatList.more')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((v) => !v)}
          className={ICON_BUTTON}
        >
          <PlusCircleIcon />
        </button>
      </div>
      {menuOpen && (
        <>
          <div className="fixed inset-0 z-10" onClick={() => setMenuOpen(false)} />
          <nav className="absolute top-11 right-2 z-20 min-w-40 rounded-lg bg-[#4c4c4c] py-1 text-[15px] text-white shadow-lg">
            <Link to={PATHS.contacts} className="flex items-center gap-3 px-4 py-3 active:bg-white/10">
              <NewChatIcon />
              {t('chatList.newChat')}
            </Link>
            {groupChat && (
              <Link to={CREATE_GROUP} className="flex items-center gap-3 px-4 py-3 active:bg-white/10">
                <GroupIcon />
                {t('groups.create.title')}
              </Link>
            )}
            <Link to={PATHS.search} className="flex items-center gap-3 px-4 py-3 active:bg-white/10">
              <SearchIcon size={20} />
              {t('chatList.search')}
            </Link>
          </nav>
        </>
      )}
    </header>
  );
}
