import type { CompanyFile } from '@fleetport/contracts/files';
import type { TaskGroup, TaskGroupPreview } from '@fleetport/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { TASK_GROUPS_URL } from './list-task-groups.ts';

/** The firmware images the user may send: the company's, those shared with it, the global catalogue. */
export function useFirmwareImages() {
  return useQuery({
    queryKey: ['files', 'firmware-options'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: CompanyFile[] }>('/files', {
          params: { kind: 'firmware', limit: 100, sort: '-created_at' },
          signal,
        })
      ).data.data,
  });
}

/** The tags a campaign may target (the option list's first 100). */
export function useTagChoices() {
  return useQuery({
    queryKey: ['tags', 'firmware-options'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: { id: number; name: string }[] }>('/tags', {
          params: { limit: 100 },
          signal,
        })
      ).data.data,
  });
}

/** POST /devices/tasks/groups/preview: the dry run of a new group; nothing is made. */
export async function previewTaskGroup(body: unknown): Promise<TaskGroupPreview> {
  return (await api.http.post<{ data: TaskGroupPreview }>(`${TASK_GROUPS_URL}/preview`, body)).data.data;
}

/** POST /devices/tasks/groups: the group, made and started (or scheduled). */
export async function createTaskGroup(body: unknown): Promise<TaskGroup> {
  return (await api.http.post<{ data: TaskGroup }>(TASK_GROUPS_URL, body)).data.data;
}
