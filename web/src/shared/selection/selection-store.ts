import { useCallback, useSyncExternalStore } from 'react';

/**
 * The selection store of spec §3: keyed by name, it holds the last stored selection (the rows
 * picked in a table, kept for the modal that acts on them; see `selectionKey` of the modal
 * descriptor). Storing a value replaces the previous one; nothing is persisted.
 */
export class SelectionStore {
  private readonly selections = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The last selection stored under `key`, or undefined. */
  get<T>(key: string): T | undefined {
    return this.selections.get(key) as T | undefined;
  }

  /** Stores `selection` under `key`, replacing the previous one. */
  set(key: string, selection: unknown): void {
    if (this.selections.has(key) && Object.is(this.selections.get(key), selection)) return;
    this.selections.set(key, selection);
    this.notify(key);
  }

  /** Forgets the selection under `key`; without a key, forgets them all. */
  clear(key?: string): void {
    const keys = key === undefined ? [...this.selections.keys()] : [key];
    for (const name of keys) {
      if (this.selections.delete(name)) this.notify(name);
    }
  }

  /** Calls `listener` whenever the selection under `key` changes; returns the unsubscribe. */
  subscribe(key: string, listener: () => void): () => void {
    let listeners = this.listeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(key, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(key);
    };
  }

  private notify(key: string): void {
    for (const listener of [...(this.listeners.get(key) ?? [])]) listener();
  }
}

/** The console's one selection store. */
export const selections = new SelectionStore();

/**
 * The selection stored under `key`, re-rendering when it changes. Pass a store of your own in
 * tests; the console's is the default.
 */
export function useSelection<T>(key: string, store: SelectionStore = selections): T | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const read = () => store.get<T>(key);
  return useSyncExternalStore(subscribe, read, read);
}
