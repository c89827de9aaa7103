import { CompanyMetrics } from '../../../features/companies/CompanyMetrics.tsx';
import { CompanyCreditActions } from '../../../features/credits/CompanyCreditActions.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/metrics (spec §2 route name company.metrics): the figures and the credit actions. */
export default function CompanyMetricsPage() {
  return (
    <CompanyFrame tab="company.metrics">
      {(company) => <CompanyMetrics data={company} actions={<CompanyCreditActions company={company} />} />}
    </CompanyFrame>
  );
}
