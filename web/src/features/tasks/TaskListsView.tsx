import type { TaskList } from '@fleetport/contracts/tasks';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { stepsText } from '../../shared/tasks/task-list-words.ts';
import { RowActions } from '../../shared/ui/RowActions.tsx';
import { useTaskListList } from './api/list-task-lists.ts';

const dialogs = () => import('./task-list-dialogs.tsx');

/** Edit and Delete for a list of a company the user manages; a list from above is run only. */
function TaskListActions({
  list,
  queryClient,
  t,
}: {
  list: TaskList;
  queryClient: QueryClient;
  t: TFunction;
}) {
  if (!list.editable) {
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        title={t('tasks.lists.runOnlyHint', { company: list.company_name })}
      >
        {t('tasks.lists.runOnly')}
      </Typography>
    );
  }
  return (
    <RowActions
      label={t('tasks.lists.rowActions', { name: list.name })}
      actions={[
        {
          label: t('tasks.lists.edit'),
          icon: <EditIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.openTaskListEditor(list)),
        },
        {
          label: t('tasks.lists.delete'),
          icon: <DeleteIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.confirmDeleteTaskList(list, queryClient)),
        },
      ]}
    />
  );
}

/**
 * Task lists (Execute task list; `/management/task-manager?view=lists`): the saved lists of steps
 * the user may run, by name, each with its company and its steps in words; New, Edit and Delete
 * for those who manage tasks (a list of a company above the user's is run only). A list runs
 * from the devices list: select devices, then 'Run a task list'.
 */
export function TaskListsView() {
  const { t, i18n } = useTranslation();
  const manages = can(useSignedInUser(), 'manage_device_task_groups');
  const queryClient = useQueryClient();
  const list = useTaskListList();
  // The API answers the lists by name: no column sorts them otherwise.
  const columns = useMemo<ServerColumn<TaskList>[]>(
    () => [
      { field: 'name', headerName: t('tasks.lists.columns.name'), flex: 1, minWidth: 180, sortable: false },
      {
        field: 'company_name',
        headerName: t('tasks.lists.columns.company'),
        flex: 0.8,
        minWidth: 150,
        sortable: false,
      },
      {
        field: 'steps',
        headerName: t('tasks.lists.columns.steps'),
        flex: 2.5,
        minWidth: 320,
        sortable: false,
        valueGetter: (_value, row) => stepsText(t, row.steps),
        renderCell: ({ value }) => (
          <Box component="span" title={String(value)} data-testid="task-list-steps">
            {String(value)}
          </Box>
        ),
      },
      {
        field: 'created_by_email',
        headerName: t('tasks.lists.columns.savedBy'),
        flex: 1,
        minWidth: 170,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? t('tasks.nobody'),
      },
      dateColumn('updated_at', t('tasks.lists.columns.updated'), i18n.language, false),
      ...(manages
        ? [
            actionsColumn<TaskList>(t('tasks.lists.columns.actions'), 110, (row) => (
              <TaskListActions list={row} queryClient={queryClient} t={t} />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient],
  );
  const searching = list.state.search.trim() !== '';
  return (
    <Box component="section" aria-labelledby="task-lists-heading" data-testid="task-lists">
      <Link component={RouterLink} to={pathOf('task-manager')} sx={{ display: 'inline-block', mb: 2 }}>
        {t('tasks.allGroups')}
      </Link>
      <Typography variant="h6" component="h2" id="task-lists-heading">
        {t('tasks.lists.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 880 }}>
        {t('tasks.lists.intro')}
      </Typography>
      <ListToolbar<TaskList>
        searchLabel={t('tasks.lists.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openTaskListEditor())}
            data-testid="task-list-new"
          >
            {t('tasks.lists.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<TaskList>
        list={list}
        label={t('tasks.lists.title')}
        columns={columns}
        emptyText={searching ? t('tasks.lists.noneMatch') : t('tasks.lists.empty')}
      />
    </Box>
  );
}
