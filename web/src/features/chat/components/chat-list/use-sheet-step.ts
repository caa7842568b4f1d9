// The chat list's long-press sheet as a step in the browser's history, so Back closes the sheet
// instead of leaving the list (as a phone's Back does). A scroll closes it too: the list moved
// away from the row it was about.
import { useCallback, useEffect, useState } from 'react';

import { useHistoryStep } from '@web/lib/history-step';

export function useSheetStep<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const isOpen = subject !== null;
  const { close } = useHistoryStep(
    isOpen,
    useCallback(() => setSubject(null), []),
  );
  const open = useCallback((next: T) => setSubject(next), []);

  useEffect(() => {
    if (!isOpen) return;
    // Capture: the list may scroll in an element of its own, and scroll events do not bubble.
    window.addEventListener('scroll', close, true);
    return () => window.removeEventListener('scroll', close, true);
  }, [isOpen, close]);

  return { subject, open, close };
}
