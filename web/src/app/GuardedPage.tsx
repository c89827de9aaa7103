import { ROUTES } from '@fleetport/contracts/routes';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../shared/lib/auth.ts';
import { useBrand } from '../shared/lib/brand.ts';
import { loginLocation } from '../shared/lib/continue-url.ts';
import { ensureArea } from '../shared/lib/i18n.ts';
import { type Preloadable, preloadable } from '../shared/lib/preloadable.ts';
import { useRouteTitle } from '../shared/routing/titles.ts';
import { pathOf, type WebRoute, webRoutes } from '../shared/routing/web-routes.ts';
import { toast } from '../shared/toasts/toasts.tsx';
import { PageLoading } from '../shared/ui/PageLoading.tsx';
import { firstPermittedPath, type GuardDecision, guard, OFFLINE_PAGE } from './guard.ts';
import { PageTransition } from './layout/PageTransition.tsx';
import { AccessDenied } from './notices/Notices.tsx';
import { wasOnlineAt } from './online-at-navigation.ts';

const pages = new Map<string, Preloadable<object>>();
/**
 * The route's page, loaded on first visit (or ahead of it: `pageOf(route)?.preload()`), with
 * the areas of the string catalogue its route declares (routes/table.ts `AREAS`).
 */
export function pageOf(route: WebRoute): Preloadable<object> | undefined {
  const load = route.load;
  if (!load) return undefined;
  let page = pages.get(route.name);
  if (!page) {
    const areas = route.areas ?? [];
    page = preloadable(() =>
      Promise.all([load(), ...areas.map((area) => ensureArea(area))]).then(([module]) => module),
    );
    pages.set(route.name, page);
  }
  return page;
}

function GoOffline() {
  useEffect(() => window.location.assign(OFFLINE_PAGE), []);
  return null;
}

/** Locations already explained: a redirect renders again in development's strict mode. */
const explained = new Set<string>();

/**
 * Spec §2 "Any other path" and §5: the user lands on the first page they may see, and a toast
 * says why (no such page, a page not in this console yet, or one they may not open), so a
 * mistyped URL or an old bookmark is never swallowed silently.
 */
function RedirectWithReason({ decision }: { decision: Extract<GuardDecision, { kind: 'redirect' }> }) {
  const { t } = useTranslation();
  const titleOf = useRouteTitle();
  const location = useLocation();
  const { because, to } = decision;
  useEffect(() => {
    if (!because || explained.has(location.key)) return;
    explained.add(location.key);
    const homeRoute = webRoutes().find((route) => !route.path.includes(':') && pathOf(route.name) === to);
    const home = homeRoute ? titleOf(homeRoute.name) : to;
    if (because.reason === 'forbidden') {
      toast(t('notices.redirected.forbiddenPage', { page: titleOf(because.route), home }), { type: 'info' });
      return;
    }
    const planned = ROUTES.find((route) => matchPath(route.path, location.pathname));
    toast(
      planned
        ? t('notices.redirected.notBuilt', { page: titleOf(planned.name), home })
        : t('notices.redirected.unknownPage', { path: location.pathname, home }),
      { type: 'info' },
    );
  }, [because, to, location.key, location.pathname, t, titleOf]);
  return <Navigate to={to} replace />;
}

/** Spec §5 "Route guard" in front of one page; the page itself is loaded on first visit. */
export function GuardedPage({ route }: { route: WebRoute | undefined }) {
  const user = useCurrentUser();
  const brand = useBrand();
  const location = useLocation();
  const params = useParams();
  // Spec §5: the network is checked when the user navigates; going offline on a page shows the
  // toast instead (spec §8), so work in progress is not thrown away.
  const online = wasOnlineAt(location.key);
  const decision = guard({
    route,
    online,
    user,
    search: new URLSearchParams(location.search),
    disabledRoutes: brand.disabled_routes,
  });
  switch (decision.kind) {
    case 'offline':
      return <GoOffline />;
    case 'login':
      return <Navigate to={loginLocation(location)} replace />;
    case 'redirect':
      return <RedirectWithReason decision={decision} />;
    case 'access-denied':
      return <AccessDenied />;
    case 'allow':
      break;
  }
  const Page = route && pageOf(route);
  if (!route || !Page) return null;
  // Spec §2: the page is re-created when the id parameter changes; clicking the active
  // navigation item reloads it (a new location key with state.reload).
  const reload = (location.state as { reload?: number } | null)?.reload ?? 0;
  const key = `${route.name}:${params.id ?? params.company_id ?? ''}:${reload}`;
  return (
    <PageTransition key={key} transition={route.transition}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageTransition>
  );
}

/** `/`: the first page the user may see, the login page, or 'Access denied'. */
export function HomeRedirect() {
  const user = useCurrentUser();
  const brand = useBrand();
  const location = useLocation();
  if (!user) return <Navigate to={loginLocation(location)} replace />;
  const home = firstPermittedPath(user, brand.disabled_routes);
  return home ? <Navigate to={home} replace /> : <AccessDenied />;
}
