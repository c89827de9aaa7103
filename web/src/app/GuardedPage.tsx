import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../shared/lib/auth.ts';
import { useBrand } from '../shared/lib/brand.ts';
import { loginLocation } from '../shared/lib/continue-url.ts';
import { ensureArea } from '../shared/lib/i18n.ts';
import { type Preloadable, preloadable } from '../shared/lib/preloadable.ts';
import type { WebRoute } from '../shared/routing/web-routes.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';
import { firstPermittedPath, guard, OFFLINE_PAGE } from './guard.ts';
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
      return <Navigate to={decision.to} replace />;
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
