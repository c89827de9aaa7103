import type { OutboxAnswer } from '@fleetport/contracts/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export const outboxKey = (to: string) => ['mail', 'outbox', to] as const;

/** GET /mail/outbox: the kept e-mails, newest first (the latest 100), to one address when given. */
export async function fetchOutbox(to: string): Promise<OutboxAnswer> {
  const params = { limit: 100, ...(to ? { to } : {}) };
  return (await api.http.get<{ data: OutboxAnswer }>('/mail/outbox', { params })).data.data;
}

export const outboxQuery = (to: string) =>
  queryOptions({ queryKey: outboxKey(to), queryFn: () => fetchOutbox(to), refetchInterval: 5_000 });

/** The outbox, refreshed every few seconds: a demo's invitation shows up while you wait for it. */
export function useOutbox(to: string) {
  return useQuery(outboxQuery(to));
}
