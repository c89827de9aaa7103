import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useCurrentUser } from '../../shared/lib/auth.ts';
import { preloadable } from '../../shared/lib/preloadable.ts';
import type { WebRoute } from '../../shared/routing/web-routes.ts';
import { PageLoadingScreen } from '../../shared/ui/PageLoadingScreen.tsx';

/** The full layout loads with the first signed-in page: the account pages never need it. */
export const AppLayout = preloadable<Parameters<typeof import('./AppLayout.tsx').AppLayout>[0]>(() =>
  import('./AppLayout.tsx').then((module) => ({ default: module.AppLayout })),
);

/**
 * Spec §2 "Shared layout": three layout states. Standalone routes and signed-out visitors get
 * no layout (the toast and modal hosts sit above the router); signed-in users the full layout.
 */
export function RootLayout() {
  const matches = useMatches();
  const route = matches.at(-1)?.handle as WebRoute | undefined;
  const user = useCurrentUser();
  if (route?.standalone || !user) return <Outlet />;
  return (
    <Suspense fallback={<PageLoadingScreen />}>
      <AppLayout route={route}>
        <Outlet />
      </AppLayout>
    </Suspense>
  );
}
