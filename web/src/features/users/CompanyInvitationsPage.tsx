import { CompanyTabFrame } from '../companies/CompanyTabFrame.tsx';
import { InvitationsList } from './InvitationsList.tsx';

/** /companies/{company_id}/users/invitations (spec §2 company.invitations). */
export default function CompanyInvitationsPage() {
  return (
    <CompanyTabFrame tab="company.invitations">
      {(company) => <InvitationsList companyId={company.id} />}
    </CompanyTabFrame>
  );
}
