import { CreditCodesList } from '../../../features/credits/CreditCodesList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/credit-codes (spec §2 route name company.credit-codes). */
export default function CompanyCreditCodesPage() {
  return (
    <CompanyFrame tab="company.credit-codes">
      {(company) => <CreditCodesList companyId={company.id} />}
    </CompanyFrame>
  );
}
