// The wide layout's keyboard: Ctrl+K (⌘K on a Mac) goes to the search in the chat list's pane,
// keeping the open chat beside it, or focuses its box when it is already there; Escape closes the
// right-hand panel (details, a group's page or members, a person's card) or the search, unless a menu, dialog or open disclosure is there to take it first
// (each of those closes itself on Escape).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { PATHS } from '../config/paths';
import { PANEL_PATHS, searchPathKeeping, useClosePanel } from './wide-screen';

const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [aria-expanded="true"]';

/** `inMessages`: the page stands in the messages layout (a panel page there is a panel to close). */
export function useDesktopKeys(inMessages: boolean): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const closePanel = useClosePanel();
  // One listener for the layout's life; it reads the latest address through the ref.
  const latest = useRef({ navigate, pathname, id: params.get('id'), closePanel, inMessages });
  useEffect(() => {
    latest.current = { navigate, pathname, id: params.get('id'), closePanel, inMessages };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { navigate: go, pathname: path, id, closePanel: close, inMessages: panes } = latest.current;
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (path === PATHS.search) document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
        else void go(searchPathKeeping(id));
        return;
      }
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing || document.querySelector(OVERLAY)) return;
      if (path === PATHS.search || (panes && PANEL_PATHS.includes(path))) {
        e.preventDefault();
        close();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
