import { useSyncExternalStore } from 'react';

/** A small observable value: the console's client-side state lives in a few of these. */
export type Store<T> = {
  get: () => T;
  set: (next: T | ((prev: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store (or a slice of it) and re-renders when it changes. The selector must return a stable value. */
export function useStore<T, S = T>(store: Store<T>, selector?: (value: T) => S): S {
  const read = () => (selector ? selector(store.get()) : (store.get() as unknown as S));
  return useSyncExternalStore(store.subscribe, read, read);
}
