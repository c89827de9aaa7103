import { useSearchParams } from 'react-router';
import { TaskGroupsList } from './TaskGroupsList.tsx';
import { TaskGroupView } from './TaskGroupView.tsx';
import { TaskListsView } from './TaskListsView.tsx';

/**
 * /management/task-manager (spec §2 Task manager): every task group, or one of them when the
 * address names it (`?group={id}`), or the saved task lists (`?view=lists`): each view can be
 * shared and Back returns to the list.
 */
export default function TaskManagerPage() {
  const [search] = useSearchParams();
  const group = search.get('group');
  // A new group is a new view (its own filters and selection), as a page re-created for its id.
  if (group !== null) return <TaskGroupView key={group} groupId={Number(group)} />;
  return search.get('view') === 'lists' ? <TaskListsView /> : <TaskGroupsList />;
}
