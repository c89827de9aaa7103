import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useBrand } from '../../lib/brand.ts';
import { catalogueRoute, type WebRoute } from '../routes/table.ts';
import { useRouteTitle } from '../routes/titles.ts';

/** Only nested pages have breadcrumbs: their code comes with the first one (first-load budget). */
const PageBreadcrumbs = lazy(() =>
  import('./PageBreadcrumbs.tsx').then((module) => ({ default: module.PageBreadcrumbs })),
);

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
  const brand = useBrand();
  const titleOf = useRouteTitle();
  const title = titleOf(route.name);
  useEffect(() => {
    document.title = `${title} | ${brand.app_name}`;
  }, [title, brand.app_name]);
  const chain = chainOf(route);
  return (
    <header>
      {chain.length > 1 && (
        <Suspense fallback={<Box sx={{ height: 24, mb: 0.5 }} />}>
          <PageBreadcrumbs chain={chain} title={title} />
        </Suspense>
      )}
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }} data-testid="page-title">
        {title}
      </Typography>
    </header>
  );
}
