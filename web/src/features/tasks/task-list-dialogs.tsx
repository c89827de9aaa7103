import type { TaskList } from '@fleetport/contracts/tasks';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { deleteTaskList } from './api/delete-task-list.ts';
import { TASK_LISTS_KEY } from './api/list-task-lists.ts';
import { TaskListEditor } from './TaskListEditor.tsx';

const TASK_LIST_EDITOR = 'task-list-editor';

registerModal(TASK_LIST_EDITOR, TaskListEditor);

/** New task list, or Edit task list for a list the user may change. */
export function openTaskListEditor(list?: TaskList): void {
  openModal({
    id: TASK_LIST_EDITOR,
    title: i18next.t(list ? 'tasks.lists.edit' : 'tasks.lists.new'),
    ...(list ? { subtitle: list.name } : {}),
    component: TASK_LIST_EDITOR,
    props: list ? { list } : {},
    // Ten steps with their images are a long form: it may take the whole window.
    fullScreenControl: true,
  });
}

/** Delete task list, after a question; a refusal (409: a list from above) stays in the dialog. */
export function confirmDeleteTaskList(list: TaskList, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-task-list',
    title: i18next.t('tasks.lists.delete'),
    subtitle: list.name,
    prompt: i18next.t('tasks.lists.deletePrompt', { name: list.name }),
    confirmLabel: i18next.t('tasks.lists.delete'),
    action: () => deleteTaskList(list.id),
    doneMessage: i18next.t('tasks.lists.deleted', { name: list.name }),
    queryClient,
    reload: [TASK_LISTS_KEY],
  });
}
