import { UsersList } from './UsersList.tsx';

/** /users (spec §2): the users of every company the signed-in user sees. */
export default function UsersPage() {
  return <UsersList />;
}
