import type { CompanyListItem } from '@fleetport/contracts/companies';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EntityFrame } from '../../shared/ui/EntityFrame.tsx';
import { useCompany } from './api/get-company.ts';
import { CompanyTabs } from './CompanyTabs.tsx';

/**
 * A tab of a company page (/companies/{company_id}/…): the company (GET /companies/{id}, which
 * answers 403 for one the user may not see), its name on the heading and breadcrumbs, the tab
 * bar, then the tab's content.
 */
export function CompanyTabFrame({
  tab,
  actions,
  children,
}: {
  tab: string;
  /** Beside the tab bar (the company's brand link, composed in by the app). */
  actions?: (company: CompanyListItem) => ReactNode;
  children: (company: CompanyListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().company_id);
  const valid = Number.isInteger(id) && id > 0;
  const company = useCompany(id, { enabled: valid });
  return (
    <EntityFrame
      load={company}
      route="company"
      label={(data) => data.name}
      invalid={valid ? undefined : t('admin.companies.loadFailed')}
      missing={t('admin.companies.notYours')}
      tabs={<CompanyTabs companyId={id} current={tab} />}
      actions={actions ?? (() => null)}
    >
      {children}
    </EntityFrame>
  );
}
