import BusinessIcon from '@mui/icons-material/Business';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LanIcon from '@mui/icons-material/Lan';
import RouterIcon from '@mui/icons-material/Router';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../shared/lib/auth.ts';
import { useBrand } from '../../../shared/lib/brand.ts';
import { useRouteTitle } from '../../../shared/routing/titles.ts';
import type { WebRoute } from '../../../shared/routing/web-routes.ts';
import { LazyDrawer, LazyTooltip } from '../../../shared/ui/lazy-mui.tsx';
import { VpnDisclaimer } from './VpnDisclaimer.tsx';
import { activeGroupId, isChildActive, type VisibleChild, visibleNavigation } from './visible-nav.ts';

export const NAV_WIDE_WIDTH = 248;
export const NAV_NARROW_WIDTH = 64;
export const HEADER_HEIGHT = 64;

const ICONS: Record<string, ReactElement> = {
  router: <RouterIcon />,
  lan: <LanIcon />,
  business: <BusinessIcon />,
  settings: <SettingsIcon />,
};

interface SideNavProps {
  route: WebRoute | undefined;
  wide: boolean;
  onToggleWide: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

function NavContent({
  route,
  wide,
  onToggleWide,
  showToggle,
}: Pick<SideNavProps, 'route' | 'wide' | 'onToggleWide'> & { showToggle: boolean }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const brand = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const titleOf = useRouteTitle();
  const queryClient = useQueryClient();
  const groups = visibleNavigation(user, brand.disabled_routes);
  const activeGroup = activeGroupId(groups, route?.name, location.pathname);

  // Items are links (a new tab, a middle click, "copy link" work as on any page); a plain click
  // is the console's own navigation, so that spec §2 holds: clicking the already-active item
  // reloads the page at its path, data included.
  const open = (event: MouseEvent, child: VisibleChild, active: boolean) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (active) void queryClient.invalidateQueries();
    navigate(child.path, active ? { state: { reload: Date.now() } } : undefined);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component="nav"
        aria-label={t('layout.nav.label')}
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {groups.map((group) => {
          const first = group.children[0] as VisibleChild;
          const groupActive = group.id === activeGroup;
          if (!wide) {
            // Narrow: one icon per group; clicking a group goes to its first child (spec §2).
            return (
              <LazyTooltip key={group.id} title={t(`nav.group.${group.id}`)} placement="right">
                <ListItemButton
                  component={RouterLink}
                  to={first.path}
                  selected={groupActive}
                  aria-label={t(`nav.group.${group.id}`)}
                  onClick={(event: MouseEvent) =>
                    open(event, first, groupActive && isChildActive(first, route?.name, location.pathname))
                  }
                  sx={{ justifyContent: 'center', py: 1.5 }}
                  data-testid={`nav-group-${group.id}`}
                >
                  <ListItemIcon sx={{ minWidth: 0 }}>{ICONS[group.icon]}</ListItemIcon>
                </ListItemButton>
              </LazyTooltip>
            );
          }
          return (
            <List
              key={group.id}
              dense
              data-testid={`nav-group-${group.id}`}
              subheader={
                // A list item holding the link: a <ul> may only hold <li> children.
                <Box component="li" sx={SUBHEADER_SX}>
                  <Box
                    component={RouterLink}
                    to={first.path}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      textDecoration: 'none',
                      color: groupActive ? 'primary.main' : 'text.secondary',
                      fontWeight: 600,
                    }}
                  >
                    {ICONS[group.icon]}
                    {t(`nav.group.${group.id}`)}
                  </Box>
                </Box>
              }
            >
              {group.children.map((child) => {
                const active = isChildActive(child, route?.name, location.pathname);
                return (
                  <ListItem key={child.route} disablePadding>
                    <ListItemButton
                      component={RouterLink}
                      to={child.path}
                      selected={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={(event: MouseEvent) => open(event, child, active)}
                      sx={{ pl: 6.5, borderRadius: 1, mx: 1 }}
                      data-testid={`nav-${child.route}`}
                    >
                      <ListItemText primary={titleOf(child.route)} />
                      {child.label === 'beta' && (
                        <Box
                          component="span"
                          sx={{
                            border: 1,
                            borderColor: 'info.main',
                            color: 'info.main',
                            borderRadius: 4,
                            px: 0.75,
                            fontSize: 11,
                            lineHeight: '18px',
                          }}
                        >
                          {t('nav.beta')}
                        </Box>
                      )}
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          );
        })}
      </Box>
      <Box component="hr" sx={RULE_SX} />
      <VpnDisclaimer wide={wide} />
      {showToggle && (
        <Box sx={{ display: 'flex', justifyContent: wide ? 'flex-end' : 'center', p: 0.5 }}>
          <IconButton
            onClick={onToggleWide}
            aria-label={wide ? t('layout.nav.narrow') : t('layout.nav.wide')}
            aria-pressed={wide}
            data-testid="nav-toggle"
          >
            {wide ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

/** A group's heading in the list, as MUI's ListSubheader lays it out (without it on every first load). */
const SUBHEADER_SX = {
  listStyle: 'none',
  px: 2,
  lineHeight: '40px',
  fontSize: '0.875rem',
  fontWeight: 500,
} as const;
const RULE_SX = { m: 0, border: 0, borderTop: 1, borderColor: 'divider', flexShrink: 0 } as const;

/** Spec §2 "Side navigation": wide or narrow on large screens, a drawer on small ones. */
export function SideNav({ route, wide, onToggleWide, mobileOpen, onCloseMobile }: SideNavProps) {
  return (
    <>
      <Box
        data-testid="side-nav"
        data-wide={wide}
        sx={{
          display: { xs: 'none', md: 'block' },
          position: 'fixed',
          top: HEADER_HEIGHT,
          bottom: 0,
          left: 0,
          width: wide ? NAV_WIDE_WIDTH : NAV_NARROW_WIDTH,
          transition: 'width 150ms',
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          zIndex: (theme) => theme.zIndex.appBar - 1,
        }}
      >
        <NavContent route={route} wide={wide} onToggleWide={onToggleWide} showToggle />
      </Box>
      <LazyDrawer
        variant="temporary"
        open={mobileOpen}
        onClose={onCloseMobile}
        ModalProps={{ keepMounted: false }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAV_WIDE_WIDTH } }}
        data-testid="mobile-nav"
      >
        <NavContent route={route} wide onToggleWide={onToggleWide} showToggle={false} />
      </LazyDrawer>
    </>
  );
}
