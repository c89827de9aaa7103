import { Outlet, useMatches } from 'react-router';
import { useCurrentUser } from '../../lib/auth.ts';
import type { WebRoute } from '../routes/table.ts';
import { AppLayout } from './AppLayout.tsx';

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
    <AppLayout route={route}>
      <Outlet />
    </AppLayout>
  );
}
