import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';

/** The tabs of a company page (spec §2: devices, metrics, users, invitations, tags, files, reports…). */
export function CompanyTabs({ companyId, current }: { companyId: number; current: string }) {
  const { t } = useTranslation();
  return (
    <RouteTabs
      parent="company"
      current={current}
      params={{ company_id: companyId }}
      label={t('route.company')}
    />
  );
}
