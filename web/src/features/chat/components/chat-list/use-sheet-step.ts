// The chat list's long-press sheet as a step in the browser's history, so Back closes the sheet
// instead of leaving the list (as a phone's Back does). A scroll closes it too: the list moved
// away from the row it was about.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Marks the history entry the open sheet added (the router's own state is kept beside it). */
const MARK = 'parleySheet';
const ownStep = () => Boolean((window.history.state as Record<string, unknown> | null)?.[MARK]);

export function useSheetStep<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  // A swipe sends many events: only the first may go back, or Back would leave the list too.
  const leaving = useRef(false);

  const open = useCallback((next: T) => {
    if (!ownStep()) window.history.pushState({ ...(window.history.state as object | null), [MARK]: true }, '');
    leaving.current = false;
    setSubject(next);
  }, []);

  /** Closes by going back over the sheet's step (the popstate then closes it), or at once without one. */
  const close = useCallback(() => {
    if (leaving.current) return;
    if (ownStep()) {
      leaving.current = true;
      window.history.back();
    } else setSubject(null);
  }, []);

  const isOpen = subject !== null;
  useEffect(() => {
    if (!isOpen) return;
    const onBack = () => {
      leaving.current = false;
      setSubject(null);
    };
    window.addEventListener('popstate', onBack);
    // Capture: the list may scroll in an element of its own, and scroll events do not bubble.
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('popstate', onBack);
      window.removeEventListener('scroll', close, true);
    };
  }, [isOpen, close]);

  return { subject, open, close };
}
