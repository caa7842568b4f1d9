// An overlay (the chat list's sheet, the message menu) as a step in the browser's history, so a
// phone's Back closes the overlay instead of leaving the page under it. Closing it any other way
// goes back over the step first, so no dead step is left for Back to stop at.
import { useCallback, useEffect, useRef } from 'react';

/** Marks the history entry an open overlay added (the router's own state is kept beside it). */
const MARK = 'parleyStep';
const onOwnStep = () => Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);

/**
 * While `open`, keeps a history step; Back (its popstate) calls `onClose`. `close` goes back over
 * the step and the popstate then closes; `closeThen` also runs `action` once the step is gone, so
 * an action that navigates is not undone by the going back.
 */
export function useHistoryStep(open: boolean, onClose: () => void) {
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  // Set while going back: a swipe sends many events, and only the first may go back, or Back
  // would leave the page too.
  const leaving = useRef(false);
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!open) return;
    if (!onOwnStep()) window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '');
    leaving.current = false;
    const onBack = () => {
      const action = pending.current;
      leaving.current = false;
      pending.current = null;
      latestClose.current();
      action?.();
    };
    window.addEventListener('popstate', onBack);
    return () => window.removeEventListener('popstate', onBack);
  }, [open]);

  const closeThen = useCallback((action: (() => void) | null) => {
    if (leaving.current) return;
    if (onOwnStep()) {
      leaving.current = true;
      pending.current = action;
      window.history.back();
    } else {
      latestClose.current();
      action?.();
    }
  }, []);
  const close = useCallback(() => closeThen(null), [closeThen]);

  return { close, closeThen };
}
