import type { TaskGroup } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dateColumn } from '../../shared/grid/columns.tsx';
import { DayFilter, FilterSelect } from '../../shared/grid/FilterSelect.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { GroupProgress, GroupStateChip } from '../../shared/tasks/TaskBadges.tsx';
import { TASK_LISTS_VIEW } from '../../shared/tasks/task-list-words.ts';
import {
  ACTIONS,
  actionName,
  GROUP_STATES,
  groupSentence,
  groupStateName,
  progressText,
} from '../../shared/tasks/task-words.ts';
import { TASK_GROUPS_URL, useTaskGroupList } from './api/list-task-groups.ts';
import { useLiveTasks } from './api/live-tasks.ts';
import { OperationsMenu } from './OperationsMenu.tsx';

/** The address of a group's view: the Task manager with the group named (`?group=`), so it can be shared. */
export const groupAddress = (id: number) => `?group=${id}`;

/**
 * Spec §2 Task manager: the task groups of the companies the user sees, newest first: what each
 * does, its state, its progress, who started it and when, and its deadline. The state and action
 * filters and the search are in the address; the rows change live.
 */
export function TaskGroupsList() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const [state, chooseState] = useAddressFilter('state');
  const [action, chooseAction] = useAddressFilter('action');
  const [from, chooseFrom] = useAddressFilter('from');
  const [to, chooseTo] = useAddressFilter('to');
  useLiveTasks();
  // On a phone (issue 28): what and its state, then the column the user chooses.
  const phone = useMemo<GridPhone<TaskGroup>>(
    () => ({ keep: ['action', 'state'], title: (row) => groupSentence(t, row) }),
    [t],
  );
  const columns = useMemo<ServerColumn<TaskGroup>[]>(
    () => [
      {
        field: 'action',
        headerName: t('tasks.columns.what'),
        flex: 1.5,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <RouterLink to={groupAddress(row.id)} className="task-link" data-testid="task-group-link">
            {groupSentence(t, row)}
          </RouterLink>
        ),
      },
      {
        field: 'state',
        headerName: t('tasks.columns.state'),
        width: 130,
        renderCell: ({ row }) => <GroupStateChip state={row.state} />,
      },
      {
        field: 'counts',
        headerName: t('tasks.columns.progress'),
        flex: 1,
        minWidth: 230,
        sortable: false,
        renderCell: ({ row }) => <GroupProgress counts={row.counts} total={row.total} />,
      },
      {
        field: 'company_name',
        headerName: t('tasks.columns.company'),
        flex: 1,
        minWidth: 150,
        filter: { param: 'company', match: 'contains' },
      },
      {
        field: 'created_by_email',
        headerName: t('tasks.columns.startedBy'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        filter: { param: 'created_by_email', match: 'contains' },
        valueFormatter: (value: string | null) => value ?? t('tasks.nobody'),
      },
      dateColumn('created_at', t('tasks.columns.started'), i18n.language),
      dateColumn('expires_at', t('tasks.columns.deadline'), i18n.language),
    ],
    [t, i18n.language],
  );
  const list = useTaskGroupList({ state, action, from, to });
  const filtered = Boolean(
    state || action || from || to || list.state.search.trim() || list.state.filters.length > 0,
  );
  return (
    <>
      <ListToolbar<TaskGroup>
        searchLabel={t('tasks.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: TASK_GROUPS_URL,
          params: list.exportParams,
          fileName: t('tasks.exportFile'),
          columns: [
            { header: t('tasks.columns.what'), value: (row) => groupSentence(t, row) },
            { header: t('tasks.columns.state'), value: (row) => groupStateName(t, row.state) },
            { header: t('tasks.columns.progress'), value: (row) => progressText(t, row.counts, row.total) },
            { header: t('tasks.columns.company'), value: (row) => row.company_name },
            { header: t('tasks.columns.startedBy'), value: (row) => row.created_by_email },
            { header: t('tasks.columns.started'), value: (row) => row.created_at },
            { header: t('tasks.columns.deadline'), value: (row) => row.expires_at },
          ],
        }}
        fields={
          <>
            <FilterSelect
              anyLabel={t('tasks.filters.any')}
              label={t('tasks.columns.state')}
              value={state}
              onChange={chooseState}
              testId="task-groups-state"
              options={GROUP_STATES.map((value) => ({ value, label: groupStateName(t, value) }))}
            />
            <FilterSelect
              anyLabel={t('tasks.filters.any')}
              label={t('tasks.filters.action')}
              value={action}
              onChange={chooseAction}
              testId="task-groups-action"
              options={ACTIONS.map((value) => ({ value, label: actionName(t, value) }))}
            />
            <DayFilter
              label={t('tasks.filters.from')}
              value={from}
              onChange={chooseFrom}
              testId="task-groups-from"
            />
            <DayFilter label={t('tasks.filters.to')} value={to} onChange={chooseTo} testId="task-groups-to" />
          </>
        }
        activeFields={[state, action, from, to].filter(Boolean).length}
      >
        {/* Execute task list: the saved lists, to read (and change, for those who manage tasks). */}
        <Button
          component={RouterLink}
          to={TASK_LISTS_VIEW}
          variant="outlined"
          data-testid="task-groups-task-lists"
        >
          {t('tasks.lists.open')}
        </Button>
        <OperationsMenu />
        {can(user, 'manage_device_task_groups') && (
          <Button
            component={RouterLink}
            to={pathOf('update-firmware')}
            variant="contained"
            data-testid="task-groups-update-firmware"
          >
            {t('tasks.firmware.open')}
          </Button>
        )}
      </ListToolbar>
      <Box>
        <ListGrid<TaskGroup>
          phone={phone}
          list={list}
          label={t('tasks.groups')}
          columns={columns}
          emptyText={filtered ? t('tasks.noneMatch') : t('tasks.empty')}
        />
      </Box>
    </>
  );
}
