import type { StorageEntry } from '@fleetport/contracts/storage';
import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client.ts';

/** A stored entry as GET /storage lists it. */
export type { StorageEntry };

/**
 * The user's server-side storage (spec §7 "Storage"): loaded once at start-up (limit 100), then
 * saved with PUT /storage/{key} when the key exists locally, else POST /storage; the local copy
 * follows the server. Delete removes the local copy first.
 */
export class UserStorage {
  private readonly entries = new Map<string, unknown>();
  private readonly api: ApiClient;

  constructor(api: ApiClient, entries: readonly StorageEntry[] = []) {
    this.api = api;
    for (const entry of entries) this.entries.set(entry.key, entry.value);
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key) as T | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    if (this.entries.has(key)) await this.api.http.put(`/storage/${encodeURIComponent(key)}`, { value });
    else await this.api.http.post('/storage', { key, value });
    this.entries.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
    await this.api.http.delete(`/storage/${encodeURIComponent(key)}`);
  }
}

/** GET /storage: the user's entries, read once at start-up (the first 100, spec §7). */
export async function fetchStorageEntries(api: ApiClient): Promise<StorageEntry[]> {
  return (await api.http.get<{ data: StorageEntry[] }>('/storage', { params: { limit: 100 } })).data.data;
}

export const UserStorageContext = createContext<UserStorage | undefined>(undefined);

/** The signed-in user's storage; undefined on pages without a session. */
export function useUserStorage(): UserStorage | undefined {
  return useContext(UserStorageContext);
}

/** The storage key of the chosen language (a user preference, so it follows the user). */
export const LANGUAGE_STORAGE_KEY = 'language';
