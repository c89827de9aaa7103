import type { TaskLog } from '@fleetport/contracts/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { TASKS_KEY } from './list-task-groups.ts';

export const taskLogsKey = (taskId: string) => [...TASKS_KEY, 'logs', taskId] as const;

/** GET /devices/tasks/{taskId}/logs (spec §2 Task logs): every change of a task's state, oldest first. */
export async function getTaskLogs(taskId: string, signal: AbortSignal): Promise<TaskLog[]> {
  return (
    await api.http.get<{ data: TaskLog[] }>(`/devices/tasks/${encodeURIComponent(taskId)}/logs`, { signal })
  ).data.data;
}

export const taskLogsQuery = (taskId: string) =>
  queryOptions({
    queryKey: taskLogsKey(taskId),
    staleTime: 0,
    queryFn: ({ signal }) => getTaskLogs(taskId, signal),
  });

export function useTaskLogs(taskId: string) {
  return useQuery(taskLogsQuery(taskId));
}
