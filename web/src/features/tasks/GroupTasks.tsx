import type { Task, TaskGroup } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dateColumn } from '../../shared/grid/columns.tsx';
import { FilterSelect } from '../../shared/grid/FilterSelect.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import { TaskStateChip } from '../../shared/tasks/TaskBadges.tsx';
import { stepLabel } from '../../shared/tasks/task-list-words.ts';
import { taskMessage } from '../../shared/tasks/task-messages.ts';
import { actionName, TASK_STATES, taskStateName } from '../../shared/tasks/task-words.ts';
import { useGroupTaskList } from './api/list-group-tasks.ts';

const dialogs = () => import('./task-dialogs.tsx');

/**
 * A group's devices (spec §2 Task group table): each device's task, its state, progress, the
 * device's last words, attempts and last change, and its log one click away. `?state=` keeps one
 * state; the search looks in names and serials. Those who may cancel choose rows to cancel.
 */
export function GroupTasks({ group, manages }: { group: TaskGroup; manages: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [state, chooseState] = useAddressFilter('state');
  const [selected, setSelected] = useState<(string | number)[]>([]);
  // Another filter shows other rows: the selection starts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the filter
  useEffect(() => setSelected([]), [state]);
  const waved = (group.waves?.length ?? 0) > 1;
  const canary = group.canary_percent !== null;
  // Execute task list: a device has a task per step, each row says which step it is.
  const listed = group.action === 'task_list';
  const columns = useMemo<ServerColumn<Task>[]>(
    () => [
      {
        field: 'device_name',
        headerName: t('tasks.task.device'),
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <RouterLink to={`/devices/${row.device_id}`} className="task-link" data-testid="task-device-link">
            {row.device_name}
          </RouterLink>
        ),
      },
      { field: 'serial', headerName: t('tasks.task.serial'), width: 130 },
      ...(listed
        ? [
            {
              field: 'step',
              headerName: t('tasks.lists.stepColumn'),
              width: 200,
              valueGetter: (_value: unknown, row: Task) => stepLabel(t, row.step, actionName(t, row.action)),
            } satisfies ServerColumn<Task>,
          ]
        : []),
      // A campaign's devices go in waves: which one each is in.
      ...(waved
        ? [
            {
              field: 'wave',
              headerName: t('tasks.campaign.waveColumn'),
              width: 110,
              valueFormatter: (_value: unknown, row: Task) =>
                canary && row.wave === 0
                  ? t('tasks.campaign.canary')
                  : t('tasks.campaign.wave', { n: canary ? row.wave : row.wave + 1 }),
            } satisfies ServerColumn<Task>,
          ]
        : []),
      // The state with its progress, and its log beside it: what a user reads first fits a laptop's screen.
      {
        field: 'state',
        headerName: t('tasks.columns.state'),
        width: 170,
        renderCell: ({ row }) => (
          <>
            <TaskStateChip state={row.state} />
            {row.state === 'in_progress' && row.progress !== null && (
              <span style={{ marginLeft: 8 }}>{t('tasks.task.percent', { value: row.progress })}</span>
            )}
          </>
        ),
      },
      {
        field: 'log',
        headerName: t('tasks.logs.title'),
        width: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            onClick={() => void dialogs().then((module) => module.openTaskLogs(row))}
            aria-label={t('tasks.logs.open', { device: row.device_name })}
            data-testid="task-log-open"
          >
            {t('tasks.logs.show')}
          </Button>
        ),
      },
      {
        field: 'message',
        headerName: t('tasks.task.message'),
        flex: 2,
        minWidth: 220,
        sortable: false,
        // The engine's words in the user's language; the device's as it wrote them.
        valueGetter: (_value, row) => taskMessage(t, row),
      },
      { field: 'attempts', headerName: t('tasks.task.attempts'), type: 'number', width: 100 },
      dateColumn('updated_at', t('tasks.task.updated'), i18n.language),
    ],
    [t, i18n.language, waved, canary, listed],
  );
  const list = useGroupTaskList(group.id, state);
  const selection = useMemo(() => ({ ids: selected, onChange: setSelected }), [selected]);
  const cancelSelected = () =>
    void dialogs()
      .then((module) => module.cancelWaitingTasks({ taskIds: selected.map(String) }, queryClient))
      .then((cancelled) => {
        if (cancelled) setSelected([]);
      });
  return (
    <Box component="section" aria-labelledby="task-group-devices">
      <Box component="h2" id="task-group-devices" sx={{ typography: 'h6', mt: 0, mb: 1 }}>
        {t('tasks.task.devices')}
      </Box>
      <ListToolbar<Task>
        searchLabel={t('tasks.task.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        fields={
          <FilterSelect
            anyLabel={t('tasks.filters.any')}
            label={t('tasks.columns.state')}
            value={state}
            onChange={chooseState}
            testId="task-state-filter"
            options={TASK_STATES.map((value) => ({ value, label: taskStateName(t, value) }))}
          />
        }
        activeFields={state ? 1 : 0}
      >
        {manages && (
          <Button
            variant="outlined"
            color="error"
            disabled={selected.length === 0}
            onClick={cancelSelected}
            data-testid="task-cancel-selected"
          >
            {t('tasks.cancel.selected', { count: selected.length })}
          </Button>
        )}
      </ListToolbar>
      <Box>
        <ListGrid<Task>
          list={list}
          label={t('tasks.task.devices')}
          columns={columns}
          emptyText={t('tasks.task.noneMatch')}
          selection={manages ? selection : undefined}
        />
      </Box>
    </Box>
  );
}
