import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';

const clients: ReturnType<typeof createQueryClient>[] = [];

function queryClient() {
  const client = createQueryClient();
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** Caches query `['item', n]` for each n, each updated at time n, in a shuffled order. */
function fill(client: ReturnType<typeof createQueryClient>, count: number): void {
  const order = Array.from({ length: count }, (_, index) => ((index * 37) % count) + 1);
  for (const n of order) client.setQueryData(['item', n], n, { updatedAt: n });
}

const cachedItems = (client: ReturnType<typeof createQueryClient>) =>
  client
    .getQueryCache()
    .findAll({ queryKey: ['item'] })
    .map((query) => query.queryKey[1] as number)
    .sort((a, b) => a - b);

describe('createQueryClient cache limit', () => {
  it('spec §9: the query cache keeps at most 100 queries, removing the least recently updated inactive ones', async () => {
    // Arrange
    const client = queryClient();

    // Act
    fill(client, 105);

    // Assert
    await vi.waitFor(() => expect(client.getQueryCache().getAll()).toHaveLength(100));
    expect(cachedItems(client)[0]).toBe(6);
  });

  it('spec §9: 100 queries — are all kept', async () => {
    // Arrange
    const client = queryClient();

    // Act
    fill(client, 100);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Assert
    expect(client.getQueryCache().getAll()).toHaveLength(100);
  });

  it('queries in use (observed) or fetching — are kept, the next least recently updated go instead', async () => {
    // Arrange
    const client = queryClient();
    fill(client, 100);
    const observers = [1, 2].map((n) => new QueryObserver(client, { queryKey: ['item', n], enabled: false }));
    const unsubscribes = observers.map((observer) => observer.subscribe(() => {}));
    void client.prefetchQuery({ queryKey: ['loading'], queryFn: () => new Promise<never>(() => {}) });

    // Act
    client.setQueryData(['item', 101], 101, { updatedAt: 101 });
    client.setQueryData(['item', 102], 102, { updatedAt: 102 });

    // Assert
    await vi.waitFor(() => expect(client.getQueryCache().getAll()).toHaveLength(100));
    expect(cachedItems(client).slice(0, 3)).toEqual([1, 2, 6]);
    expect(client.getQueryCache().find({ queryKey: ['loading'] })).toBeDefined();
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
});
