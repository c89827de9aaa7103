import { useSearchParams } from 'react-router';
import { TaskGroupsList } from './TaskGroupsList.tsx';
import { TaskGroupView } from './TaskGroupView.tsx';

/**
 * /management/task-manager (spec §2 Task manager): every task group, or one of them when the
 * address names it (`?group={id}`): a group's view can be shared and Back returns to the list.
 */
export default function TaskManagerPage() {
  const [search] = useSearchParams();
  const group = search.get('group');
  // A new group is a new view (its own filters and selection), as a page re-created for its id.
  return group === null ? <TaskGroupsList /> : <TaskGroupView key={group} groupId={Number(group)} />;
}
