import { FilesList } from '../../../features/files/FilesList.tsx';
import { CompanyFrame } from './CompanyFrame.tsx';

/** /companies/{company_id}/files (spec §2 route name company.files): that company's files. */
export default function CompanyFilesPage() {
  return <CompanyFrame tab="company.files">{(company) => <FilesList companyId={company.id} />}</CompanyFrame>;
}
