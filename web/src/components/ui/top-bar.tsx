// The custom top bar every page uses: centred title and, off the tabs, a back button.
// Back goes back one page, or home when the page was opened directly and there is nothing to
// go back to. (The chat screen has its own bar, ChatTopBar, whose back goes home.)
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { PATHS } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';
import { BackIcon } from './icons';

export function TopBar({
  title,
  showBack = true,
  trailing,
}: {
  title: string;
  showBack?: boolean;
  /** A control at the right end (an add button). */ trailing?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    const hasHistory = location.key !== 'default';
    if (!hasHistory) void navigate(PATHS.home);
    else void navigate(-1);
  };

  return (
    <header className="sticky top-0 z-10 flex h-11 shrink-0 items-center justify-center border-b border-black/5 bg-page/95 px-12 backdrop-blur">
      {showBack && (
        <button
          type="button"
          onClick={goBack}
          aria-label={t('common.back')}
          className="absolute left-1 flex h-11 w-11 items-center justify-center text-neutral-800 active:opacity-50"
        >
          <BackIcon />
        </button>
      )}
      <h1 className="truncate text-[17px] font-medium text-black">{title}</h1>
      {trailing && <div className="absolute right-1 flex h-11 items-center">{trailing}</div>}
    </header>
  );
}
