import Box from '@mui/material/Box';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isImpersonating, useSignedInUser } from '../../shared/lib/auth.ts';
import { readWideNav, writeWideNav } from '../../shared/lib/browser-settings.ts';
import type { WebRoute } from '../../shared/routing/web-routes.ts';
import { AppHeader } from './header/AppHeader.tsx';
import { NAV_NARROW_WIDTH, NAV_WIDE_WIDTH, SideNav } from './nav/SideNav.tsx';
import { PageHeading } from './PageHeading.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';

/** Only impersonating admins see it: fetched then (first-load budget). */
const ImpersonationBanner = lazy(() =>
  import('./ImpersonationBanner.tsx').then((module) => ({ default: module.ImpersonationBanner })),
);

/** Spec §2: the navigation bar emits this event when it is toggled wide or narrow. */
export const OPEN_NAV_EVENT = 'fp:open-nav';

/** The authenticated layout of spec §2: header, side navigation, banner, heading, page. */
export function AppLayout({ route, children }: { route: WebRoute | undefined; children: ReactNode }) {
  const user = useSignedInUser();
  const location = useLocation();
  const [wide, setWide] = useState(readWideNav);
  const [mobileOpen, setMobileOpen] = useState(false);

  // Spec §2: a route change closes the mobile bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggleWide = () => {
    setWide((was) => {
      writeWideNav(!was);
      window.dispatchEvent(new CustomEvent(OPEN_NAV_EVENT, { detail: { wide: !was } }));
      return !was;
    });
  };
  const openMobile = () => {
    // Spec §2: opening scrolls to the top; the drawer's modal blocks page scroll.
    window.scrollTo({ top: 0 });
    setMobileOpen(true);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader onOpenNav={openMobile} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <SideNav
          route={route}
          wide={wide}
          onToggleWide={toggleWide}
          mobileOpen={mobileOpen}
          onCloseMobile={() => setMobileOpen(false)}
        />
        <Box
          component="main"
          id="main"
          sx={{
            flex: 1,
            minWidth: 0,
            ml: { xs: 0, md: `${wide ? NAV_WIDE_WIDTH : NAV_NARROW_WIDTH}px` },
            transition: 'margin-left 150ms',
          }}
        >
          {isImpersonating(user) && (
            <Suspense fallback={null}>
              <ImpersonationBanner user={user} />
            </Suspense>
          )}
          <Box sx={{ p: { xs: 2, md: 3 } }}>
            {route && <PageHeading route={route} />}
            {children}
          </Box>
        </Box>
      </Box>
      <ScrollToTop />
    </Box>
  );
}
