import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect } from 'react';
import { useBrand } from '../../shared/lib/brand.ts';
import { usePageLabels } from '../../shared/routing/page-labels.ts';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { catalogueRoute, type WebRoute } from '../../shared/routing/web-routes.ts';

/** Only nested pages have breadcrumbs: their code comes with the first one (first-load budget). */
const PageBreadcrumbs = lazy(() =>
  import('./PageBreadcrumbs.tsx').then((module) => ({ default: module.PageBreadcrumbs })),
);

/**
 * The title and, beside it, what the page puts there (its list toolbar); wrapped on a phone. The
 * title stays where the edge paints it before any script runs (themed-html.ts `fp-boot-title`):
 * at the row's top, as wide as the row when nothing is beside it.
 */
const ROW_SX = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  columnGap: 3,
  rowGap: 1.5,
  mb: 2,
  '&:has(> #page-actions:empty) > h1': { flexGrow: 1 },
} as const;
const ACTIONS_SX = {
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  '&:empty': { display: 'none' },
} as const;

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
  const labelOf = usePageLabels();
  const title = titleOf(route.name);
  const chain = chainOf(route);
  // A tab of a labelled page (a company's Metrics) is headed by what it shows (the company).
  const labelled = chain.slice(0, -1).findLast((name) => labelOf(name) !== undefined);
  const heading = labelled ? (labelOf(labelled) ?? title) : title;
  const documentTitle = labelled ? `${title} · ${heading}` : title;
  useEffect(() => {
    document.title = `${documentTitle} | ${brand.app_name}`;
  }, [documentTitle, brand.app_name]);
  return (
    <header>
      {chain.length > 1 && (
        <Suspense fallback={<Box sx={{ height: 24, mb: 0.5 }} />}>
          <PageBreadcrumbs chain={chain} title={title} />
        </Suspense>
      )}
      <Box sx={ROW_SX}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }} data-testid="page-title">
          {heading}
        </Typography>
        {/* A list page's toolbar comes here (ListToolbar `inHeading`). */}
        <Box id="page-actions" sx={ACTIONS_SX} />
      </Box>
    </header>
  );
}
