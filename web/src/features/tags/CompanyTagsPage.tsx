import { CompanyTabFrame } from '../companies/CompanyTabFrame.tsx';
import { TagsList } from './TagsList.tsx';

/** /companies/{company_id}/tags (spec §2 route name company.tags): that company's tags. */
export default function CompanyTagsPage() {
  return (
    <CompanyTabFrame tab="company.tags">{(company) => <TagsList companyId={company.id} />}</CompanyTabFrame>
  );
}
