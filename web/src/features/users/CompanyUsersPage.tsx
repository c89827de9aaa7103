import { CompanyTabFrame } from '../companies/CompanyTabFrame.tsx';
import { UsersList } from './UsersList.tsx';

/** /companies/{company_id}/users (spec §2 route name company.userstable): that company's users. */
export default function CompanyUsersPage() {
  return (
    <CompanyTabFrame tab="company.userstable">
      {(company) => <UsersList companyId={company.id} />}
    </CompanyTabFrame>
  );
}
