// Whether a CSS media query matches, following the window as it is resized (matchMedia).
import { useCallback, useSyncExternalStore } from 'react';

const mediaQuery = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
