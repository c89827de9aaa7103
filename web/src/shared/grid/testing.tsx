import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { type UserStorage, UserStorageContext } from '../lib/user-storage.ts';

/** Tests of a list: a router, a query client that does not retry, and this user storage. */
export function listWrapper(storage: UserStorage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <UserStorageContext.Provider value={storage}>{children}</UserStorageContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
