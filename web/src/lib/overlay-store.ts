// One overlay of a kind at a time (toast, dialog, menu, sheet, preview), opened from anywhere:
// a module-level value plus a hook the host component reads it through.
import { createStore } from './create-store';

export function createOverlay<T>() {
  const store = createStore<T | null>(null);
  return {
    show: (value: T) => store.set(() => value),
    hide: () => store.set(null),
    get: store.get,
    useCurrent: () => store.use((current) => current),
  };
}
