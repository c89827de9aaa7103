import { InvitationsList } from '../../../features/users/InvitationsList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/users/invitations (spec §2 company.invitations). */
export default function CompanyInvitationsPage() {
  return (
    <CompanyFrame tab="company.invitations">
      {(company) => <InvitationsList companyId={company.id} />}
    </CompanyFrame>
  );
}
