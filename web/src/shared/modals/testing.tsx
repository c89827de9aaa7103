import { act, cleanup, render } from '@testing-library/react';
import { ApiClient } from '../api/client.ts';
import { initI18n } from '../lib/i18n.ts';
import { type StorageEntry, UserStorage, UserStorageContext } from '../lib/user-storage.ts';
import { ModalHost } from './ModalHost.tsx';
import { closeAllModals } from './store.ts';

/** Test helpers for the modal manager (not a test: no `.test` in the name). */

initI18n(['en']);
// The windows' code is lazy; loaded here once, so no test waits on a cold import.
await import('./ModalLayer.tsx');

export interface StorageCall {
  method: string;
  url: string;
  body: unknown;
}

/** A real UserStorage over an in-memory API that answers 200 and records every call. */
export function fakeUserStorage(entries: readonly StorageEntry[] = []) {
  const calls: StorageCall[] = [];
  const api = new ApiClient({
    adapter: async (config) => {
      calls.push({
        method: String(config.method).toUpperCase(),
        url: String(config.url),
        body: typeof config.data === 'string' ? JSON.parse(config.data) : undefined,
      });
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  return { storage: new UserStorage(api, entries), calls };
}

/** The host as the app mounts it: inside the user storage context (none = signed out). */
export function renderHost(storage?: UserStorage) {
  return render(
    <UserStorageContext value={storage}>
      <ModalHost />
    </UserStorageContext>,
  );
}

/** Runs a store change the way React expects changes from outside it. */
export function inAct<T>(change: () => T): T {
  let result: T | undefined;
  act(() => {
    result = change();
  });
  return result as T;
}

/** Between tests: no modal left open, nothing rendered. */
export function resetModals(): void {
  inAct(() => closeAllModals());
  cleanup();
}
