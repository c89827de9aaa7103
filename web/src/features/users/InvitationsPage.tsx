import { InvitationsList } from './InvitationsList.tsx';

/** /users/invitations (spec §2): the open invitations of every company the user sees. */
export default function InvitationsPage() {
  return <InvitationsList />;
}
