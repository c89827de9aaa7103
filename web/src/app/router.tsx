import {
  createBrowserRouter,
  generatePath,
  matchRoutes,
  Navigate,
  type RouteObject,
  useParams,
} from 'react-router';
import { api } from '../shared/lib/api.ts';
import { type WebRoute, webRoute } from '../shared/routing/web-routes.ts';
import { GuardedPage, HomeRedirect } from './GuardedPage.tsx';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteError } from './notices/RouteError.tsx';
import { noteNavigation } from './online-at-navigation.ts';
import { WEB_ROUTES } from './routes/table.ts';

/** A redirect-only route (spec §2: /reports → /reports/single), keeping the path's parameters. */
function RedirectRoute({ to }: { to: WebRoute }) {
  const params = useParams();
  return <Navigate to={generatePath(to.path, params)} replace />;
}

function elementOf(route: WebRoute) {
  if (!route.load && route.redirectTo) {
    const target = webRoute(route.redirectTo);
    if (target) return <RedirectRoute to={target} />;
  }
  return <GuardedPage route={route} />;
}

export const ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...WEB_ROUTES.map((route) => ({ path: route.path, handle: route, element: elementOf(route) })),
      { path: '/', element: <HomeRedirect /> },
      // Spec §2: any other path redirects to the first page the user may see.
      { path: '*', element: <GuardedPage route={undefined} /> },
    ],
  },
];

/** The route name of a location, for the cancellation rule of spec §4. */
export function routeNameAt(pathname: string): string | undefined {
  const matches = matchRoutes(ROUTE_OBJECTS, pathname);
  const handle = matches?.at(-1)?.route.handle as WebRoute | undefined;
  return handle?.name;
}

export function createAppRouter() {
  const router = createBrowserRouter(ROUTE_OBJECTS);
  noteNavigation(router.state.location.key, navigator.onLine);
  // Spec §4 "Route change": pending requests are cancelled, except to the same route name. The
  // router notifies before the next page renders, so the new page's requests are spared.
  let current = routeNameAt(router.state.location.pathname);
  router.subscribe((state) => {
    noteNavigation(state.location.key, navigator.onLine);
    const next = routeNameAt(state.location.pathname);
    api.pending.routeChanged(current, next);
    current = next;
  });
  return router;
}
