import type { CompanyListItem } from '@fleetport/contracts/companies';
import type { ReactNode } from 'react';
import { CompanyBrandLink } from '../../../features/brands/CompanyBrandLink.tsx';
import { CompanyTabFrame } from '../../../features/companies/CompanyTabFrame.tsx';

/**
 * A tab of a company page, as every company tab shows it: the companies feature's frame with the
 * brands feature's link beside the tabs. Pages that join two features are composed here, in the
 * app, so that no feature imports another.
 */
export function CompanyFrame({
  tab,
  children,
}: {
  tab: string;
  children: (company: CompanyListItem) => ReactNode;
}) {
  return (
    <CompanyTabFrame tab={tab} actions={(company) => <CompanyBrandLink companyId={company.id} />}>
      {children}
    </CompanyTabFrame>
  );
}
