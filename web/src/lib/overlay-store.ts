// One overlay of a kind at a time (toast, dialog, menu, sheet, preview), opened from anywhere:
// a module-level value plus a hook the host component reads it through.
import { useSyncExternalStore } from 'react';

export function createOverlay<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const emit = (next: T | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    show: (value: T) => emit(value),
    hide: () => emit(null),
    get: () => current,
    useCurrent: () => useSyncExternalStore(subscribe, () => current, () => current),
  };
}
