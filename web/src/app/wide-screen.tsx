// What screens need to know of the wide layout (from 1024 px, tab-layout.tsx): whether it is on,
// whether they stand inside the messages layout's main, and how its panels close. One module, so
// the pages that use it share one small chunk (each chunk a page needs is named in the first
// download's list of lazy imports).
import { createContext, type HTMLAttributes, useContext } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { PATHS } from '../config/paths';
import { chatPath } from '../features/chat';
import { useMediaQuery } from '../lib/use-media-query';

/** Tailwind's `lg` breakpoint, so the layout picked in code and the `lg:` classes switch together. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);

/**
 * True inside the messages layout, whose panes (list, chat, details) stand in one main. On a phone
 * each screen is the page and its content the page's one main; inside that layout a screen
 * renders a plain element instead, so the page still has one.
 */
export const InsideMain = createContext(false);

export function ScreenMain(props: HTMLAttributes<HTMLElement>) {
  return useContext(InsideMain) ? <div {...props} /> : <main {...props} />;
}

/** The pages that open as the right-hand panel beside a chat (messages-layout.tsx), as in WhatsApp Web. */
export const PANEL_PATHS: readonly string[] = [
  PATHS.chatDetail,
  PATHS.groupInfo,
  PATHS.groupUsers,
  PATHS.contactDetail,
];

/** The search route, keeping `id` so the open chat stays beside it. */
export const searchPathKeeping = (id: string | null) =>
  id ? `${PATHS.search}?id=${encodeURIComponent(id)}` : PATHS.search;

/** Closes a panel (details, search) the way Back would: to where it was opened from, or to its chat when opened directly. */
export function useClosePanel(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = params.get('id');
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(id ? chatPath(id) : PATHS.home, { replace: true });
  };
}
