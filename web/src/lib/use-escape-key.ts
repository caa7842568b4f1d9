// Escape closes what is open over the page: a dialog, a sheet, a menu. One listener while
// `onEscape` is given; none when it is null (nothing open).
import { useEffect, useRef } from 'react';

export function useEscapeKey(onEscape: (() => void) | null): void {
  // The latest callback, so a new function each render does not re-add the listener.
  const latest = useRef(onEscape);
  latest.current = onEscape;
  const active = onEscape !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
