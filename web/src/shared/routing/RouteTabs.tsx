import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../lib/auth.ts';
import { useBrand } from '../lib/brand.ts';
import { mayOpen } from './may-open.ts';
import { useRouteTitle } from './titles.ts';
import { pathOf, webRoutes } from './web-routes.ts';

/**
 * The tabs of a page with child routes (a company's devices, metrics, users…; System services'
 * credit codes, history…): the children this build has and the user may open, in catalogue order.
 */
export function RouteTabs({
  parent,
  current,
  params = {},
  label,
  hidden = [],
}: {
  parent: string;
  current: string;
  params?: Record<string, string | number>;
  label: string;
  /** Tabs this page leaves out (a brand without the data feature). */
  hidden?: readonly string[];
}) {
  const user = useSignedInUser();
  const brand = useBrand();
  const titleOf = useRouteTitle();
  const tabs = webRoutes().filter(
    (route) =>
      route.parent === parent &&
      route.load &&
      !hidden.includes(route.name) &&
      mayOpen(route, user, brand.disabled_routes),
  );
  return (
    <Tabs
      value={tabs.some((tab) => tab.name === current) ? current : false}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.name}
          value={tab.name}
          label={titleOf(tab.name)}
          component={RouterLink}
          to={pathOf(tab.name, params)}
        />
      ))}
    </Tabs>
  );
}
