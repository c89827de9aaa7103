import { companyChannel, TASK_CHANGED_EVENT } from '@fleetport/contracts/realtime-names';
import type { Task, TaskChange, TaskGroup } from '@fleetport/contracts/tasks';
import { type InvalidateQueryFilters, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { realtime } from '../../../shared/realtime/socket.ts';
import { taskGroupKey } from './get-task-group.ts';
import { taskLogsKey } from './get-task-logs.ts';
import { groupTasksKey } from './list-group-tasks.ts';
import { TASK_GROUP_LIST_KEY } from './list-task-groups.ts';

type ListPage<Row> = { data: Row[]; meta?: unknown };

/** A group in one of these states changes no more. */
const ENDED_GROUP_STATES: ReadonlySet<string> = new Set(['finished', 'cancelled']);
/** How long the reloads a burst of changes asks for are gathered into one (ms). */
export const TASK_RELOAD_DELAY_MS = 1_000;

/** Whether a cached list page was asked with a state filter (its parameters are the key's last part). */
function filteredByState(query: { queryKey: readonly unknown[] }): boolean {
  const params = query.queryKey.at(-1);
  return typeof params === 'object' && params !== null && 'state' in params;
}

/**
 * Writes a task's change into what is cached: the group's row in every list page, the group
 * itself, and the task's row in the group's device list. Answers what it could not write and
 * must be asked again: lists that may gain or lose a row (a new group, a filter by state), a
 * group that has just ended, the task's log.
 */
export function applyTaskChange(queryClient: QueryClient, change: TaskChange): InvalidateQueryFilters[] {
  const patchGroup = (group: TaskGroup): TaskGroup =>
    group.id === change.group_id
      ? {
          ...group,
          counts: change.counts,
          state: change.group_state,
          current_wave: change.current_wave,
          paused_reason: change.paused_reason,
          paused_args: change.paused_args,
        }
      : group;
  let listed = false;
  queryClient.setQueriesData<ListPage<TaskGroup>>({ queryKey: TASK_GROUP_LIST_KEY }, (page) => {
    if (!page?.data.some((group) => group.id === change.group_id)) return page;
    listed = true;
    return { ...page, data: page.data.map(patchGroup) };
  });
  const before = queryClient.getQueryData<TaskGroup>(taskGroupKey(change.group_id));
  const waved = (before?.waves?.length ?? 0) > 1;
  if (before) queryClient.setQueryData<TaskGroup>(taskGroupKey(change.group_id), patchGroup(before));
  const changed = change.task;
  if (!changed) {
    // Only the group changed (paused, resumed, a new wave): its waves are asked again.
    return [
      { queryKey: TASK_GROUP_LIST_KEY, predicate: filteredByState },
      { queryKey: taskGroupKey(change.group_id), exact: true },
    ];
  }
  const patchTask = (task: Task): Task =>
    task.id === changed.id
      ? {
          ...task,
          state: changed.state,
          progress: changed.progress,
          message: changed.message,
          message_code: changed.message_code,
          message_args: changed.message_args,
          attempts: changed.attempts,
          updated_at: changed.updated_at,
        }
      : task;
  queryClient.setQueriesData<ListPage<Task>>({ queryKey: groupTasksKey(change.group_id) }, (page) =>
    page?.data.some((task) => task.id === changed.id) ? { ...page, data: page.data.map(patchTask) } : page,
  );

  // A group that has just ended is asked again whole (its end time, and a last word that an
  // answer already on its way, read before this change, would otherwise overwrite).
  if (ENDED_GROUP_STATES.has(change.group_state)) {
    return [
      { queryKey: TASK_GROUP_LIST_KEY },
      { queryKey: taskGroupKey(change.group_id), exact: true },
      { queryKey: groupTasksKey(change.group_id) },
      { queryKey: taskLogsKey(changed.id) },
    ];
  }
  return [
    // A group no cached page shows (new, or on another page) may belong on the one in view.
    listed
      ? { queryKey: TASK_GROUP_LIST_KEY, predicate: filteredByState }
      : { queryKey: TASK_GROUP_LIST_KEY },
    { queryKey: groupTasksKey(change.group_id), predicate: filteredByState },
    { queryKey: taskLogsKey(changed.id) },
    // A campaign's waves are counted on the group alone: asked again where it is in view.
    ...(waved ? [{ queryKey: taskGroupKey(change.group_id), exact: true }] : []),
  ];
}

const isTaskChange = (payload: unknown): payload is TaskChange => {
  const change = payload as Partial<TaskChange> | undefined;
  return (
    typeof change?.group_id === 'number' &&
    (change.task === null || typeof change.task?.id === 'string') &&
    !!change.counts
  );
};

/**
 * Task groups and tasks change live (spec §2 Task manager): `TaskChanged` on the `tasks` channel
 * of the user's company, where the API sends the changes of every device of the company and of
 * the companies below it (each change goes to the device's company and every company above).
 * What a change carries is written at once; what it does not is asked again, at most once per
 * {@link TASK_RELOAD_DELAY_MS}.
 */
export function useLiveTasks(): void {
  const queryClient = useQueryClient();
  const companyId = useSignedInUser().company_id;
  useEffect(() => {
    const pending = new Map<string, InvalidateQueryFilters>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const filters = [...pending.values()];
      pending.clear();
      for (const filter of filters) void queryClient.invalidateQueries(filter);
    };
    const stop = realtime.listen(
      companyChannel(companyId, 'tasks'),
      TASK_CHANGED_EVENT,
      (payload: unknown) => {
        if (!isTaskChange(payload)) return;
        for (const filter of applyTaskChange(queryClient, payload)) {
          pending.set(`${JSON.stringify(filter.queryKey)}:${filter.predicate ? 'filtered' : 'all'}`, filter);
        }
        timer ??= setTimeout(flush, TASK_RELOAD_DELAY_MS);
      },
    );
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient, companyId]);
}
