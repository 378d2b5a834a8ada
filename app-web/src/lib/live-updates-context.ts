import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ConnectionStatus } from './live-updates';

/** A connection status that components can subscribe to (the header's dot reads it). */
export interface StatusStore {
  get(): ConnectionStatus;
  set(status: ConnectionStatus): void;
  subscribe(listener: () => void): () => void;
}

export function createStatusStore(initial: ConnectionStatus = 'idle'): StatusStore {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set: (next) => {
      if (next === status) return;
      status = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Without a live-updates provider (component tests) the status is `idle` and the dot hidden. */
export const LiveStatusContext = createContext<StatusStore>(createStatusStore());

export function useConnectionStatus(): ConnectionStatus {
  const store = useContext(LiveStatusContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
