import { CompanyTabFrame } from '../companies/CompanyTabFrame.tsx';
import { CreditCodesList } from './CreditCodesList.tsx';

/** /companies/{company_id}/credit-codes (spec §2 route name company.credit-codes). */
export default function CompanyCreditCodesPage() {
  return (
    <CompanyTabFrame tab="company.credit-codes">
      {(company) => <CreditCodesList companyId={company.id} />}
    </CompanyTabFrame>
  );
}
