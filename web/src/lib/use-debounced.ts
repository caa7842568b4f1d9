// Values that settle once typing pauses; both searches (the search page and a chat's history)
// run on the words only then, with the same pause.
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/** A value that follows its input only after it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The words a search runs on: the trimmed query, once typing has paused. */
export const useSearchWords = (query: string): string => useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
