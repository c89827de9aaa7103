import type { DeviceTask } from '@fleetport/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

/** The states a task may still leave: while one is shown, the list is asked again. */
const OPEN = new Set(['queued', 'sent', 'in_progress']);

const TASKS_SHOWN = 10;

/** The device's tasks in the cache: asked again when the device page starts one. */
export const deviceTasksKey = (deviceId: number) => ['devices', deviceId, 'tasks'] as const;

/** GET /devices/{id}/tasks: the device's latest tasks (Actions list on a device). */
export function useDeviceTasks(deviceId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceTasksKey(deviceId),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: DeviceTask[]; meta?: { total?: number } }>(`/devices/${deviceId}/tasks`, {
          params: { limit: TASKS_SHOWN },
          signal,
        })
      ).data,
    // A task that runs changes in seconds: its progress is read again while one is open.
    refetchInterval: (query) => (query.state.data?.data.some((task) => OPEN.has(task.state)) ? 3_000 : false),
  });
}
