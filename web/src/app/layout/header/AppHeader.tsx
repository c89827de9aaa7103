import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotificationsBell } from '../../../features/notifications/components/NotificationsBell.tsx';
import { useBrand } from '../../../shared/lib/brand.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

/** Spec §2 "Header": logo to the management home with the theme's subtext, languages, bell, account. */
/** Visually hidden below the `sm` breakpoint, still read by screen readers. */
const HIDDEN_ON_PHONES = {
  position: { xs: 'absolute', sm: 'static' },
  width: { xs: '1px', sm: 'auto' },
  height: { xs: '1px', sm: 'auto' },
  overflow: { xs: 'hidden', sm: 'visible' },
  clipPath: { xs: 'inset(50%)', sm: 'none' },
  whiteSpace: { xs: 'nowrap', sm: 'normal' },
} as const;

export function AppHeader({ onOpenNav }: { onOpenNav: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    // The bar is the brand colour itself in both schemes (primary may be a readable shade of it).
    <AppBar
      position="sticky"
      enableColorOnDark
      data-testid="app-bar"
      sx={{ zIndex: (theme) => theme.zIndex.drawer - 1, bgcolor: 'brand.main', color: 'brand.contrastText' }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onOpenNav}
          aria-label={t('layout.nav.open')}
          sx={{ display: { md: 'none' } }}
          data-testid="nav-menu-button"
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
          }}
        >
          <Box
            component="img"
            src={brand.logo_url}
            alt=""
            data-testid="brand-logo"
            sx={{ height: 36, width: 'auto', display: 'block' }}
          />
          {/* The link's name is its visible text (WCAG 2.5.3); on a phone the text is only
              visually hidden, so the link keeps its name. */}
          <Box sx={{ minWidth: 0, ...HIDDEN_ON_PHONES }}>
            <Typography
              variant="subtitle1"
              component="div"
              noWrap
              sx={{ fontWeight: 600, lineHeight: 1.2 }}
              data-testid="app-name"
            >
              {brand.app_name}
            </Typography>
            {brand.logo_subtext && (
              <Typography variant="caption" component="div" noWrap data-testid="logo-subtext">
                {brand.logo_subtext}
              </Typography>
            )}
          </Box>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageMenu />
        <NotificationsBell />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
