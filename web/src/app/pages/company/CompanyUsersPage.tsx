import { UsersList } from '../../../features/users/UsersList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/users (spec §2 route name company.userstable): that company's users. */
export default function CompanyUsersPage() {
  return (
    <CompanyFrame tab="company.userstable">{(company) => <UsersList companyId={company.id} />}</CompanyFrame>
  );
}
