import { TagsList } from '../../../features/tags/TagsList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/tags (spec §2 route name company.tags): that company's tags. */
export default function CompanyTagsPage() {
  return <CompanyFrame tab="company.tags">{(company) => <TagsList companyId={company.id} />}</CompanyFrame>;
}
