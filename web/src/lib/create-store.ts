// One small external store: a value, its listeners, and a React hook that reads a slice of it
// (useSyncExternalStore). The app's stores (chat, friends, calls, overlays) hold one each instead
// of repeating the subscribe/set skeleton.
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get: () => T;
  /** Replaces the value (or maps the old one to the new) and tells every listener. */
  set: (next: T | ((old: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
  /** Reads a slice in a component; the selector must return a stable value for equal input. */
  use: <S>(select: (state: T) => S) => S;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const get = () => state;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    get,
    subscribe,
    set: (next) => {
      state = typeof next === 'function' ? (next as (old: T) => T)(state) : next;
      // A copy: a listener may unsubscribe itself while being told.
      for (const listener of [...listeners]) listener();
    },
    use: <S>(select: (s: T) => S) => {
      const snapshot = () => select(state);
      return useSyncExternalStore(subscribe, snapshot, snapshot);
    },
  };
}
