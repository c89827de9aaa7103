import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mayOpen } from '../../app/guard.ts';
import { pathOf, WEB_ROUTES } from '../../app/routes/table.ts';
import { useRouteTitle } from '../../app/routes/titles.ts';
import { useSignedInUser } from '../../lib/auth.ts';
import { useBrand } from '../../lib/brand.ts';

/**
 * The tabs of a company page (spec §2: devices, metrics, users, invitations, tags, files,
 * reports): the ones this build has and the user may open, in the catalogue's order.
 */
export function CompanyTabs({ companyId, current }: { companyId: number; current: string }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const titleOf = useRouteTitle();
  const tabs = WEB_ROUTES.filter(
    (route) => route.parent === 'company' && route.load && mayOpen(route, user, brand.disabled_routes),
  );
  return (
    <Tabs
      value={tabs.some((tab) => tab.name === current) ? current : false}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('route.company')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.name}
          value={tab.name}
          label={titleOf(tab.name)}
          component={RouterLink}
          to={pathOf(tab.name, { company_id: companyId })}
        />
      ))}
    </Tabs>
  );
}
