import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useParams } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { catalogueRoute, type WebRoute, webRoute } from '../routes/table.ts';
import { useRouteTitle } from '../routes/titles.ts';

/** The route and its ancestors, outermost first. */
function chainOf(route: WebRoute): string[] {
  const names: string[] = [];
  for (let name: string | undefined = route.name; name; name = catalogueRoute(name)?.parent)
    names.unshift(name);
  return names;
}

/**
 * Spec §2: breadcrumbs show the route path; the page title is the route title or its name
 * (the automations route is 'Alerts & Automations'). The document title follows, with the brand.
 */
export function PageHeading({ route }: { route: WebRoute }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const params = useParams();
  const titleOf = useRouteTitle();
  const title = titleOf(route.name);
  useEffect(() => {
    document.title = `${title} | ${brand.app_name}`;
  }, [title, brand.app_name]);
  const chain = chainOf(route);
  return (
    <header>
      {chain.length > 1 && (
        <Breadcrumbs aria-label={t('layout.breadcrumbs')} sx={{ mb: 0.5 }}>
          {chain.slice(0, -1).map((name) => {
            const target = webRoute(name);
            let href: string | undefined;
            try {
              href = target ? generatePath(target.path, params) : undefined;
            } catch {
              href = undefined;
            }
            return href ? (
              <Link key={name} component={RouterLink} to={href} underline="hover" color="inherit">
                {titleOf(name)}
              </Link>
            ) : (
              <Typography key={name} color="text.secondary">
                {titleOf(name)}
              </Typography>
            );
          })}
          <Typography color="text.primary">{title}</Typography>
        </Breadcrumbs>
      )}
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }} data-testid="page-title">
        {title}
      </Typography>
    </header>
  );
}
