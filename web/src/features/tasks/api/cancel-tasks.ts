import type { CancelTasks } from '@fleetport/contracts/tasks';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /devices/updates/cancel (spec §2 Cancel updates): cancels what still waits in a group, or
 * among the chosen tasks; answers how many were cancelled (a 409 when nothing was waiting).
 */
export async function cancelTasks(body: CancelTasks): Promise<number> {
  return (await api.http.post<{ data: { cancelled: number } }>('/devices/updates/cancel', body)).data.data
    .cancelled;
}
