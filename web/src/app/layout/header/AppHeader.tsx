import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotificationsBell } from '../../../features/notifications/components/NotificationsBell.tsx';
import { useBrand } from '../../../lib/brand.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

/** Spec §2 "Header": logo to the management home with the theme's subtext, languages, bell, account. */
export function AppHeader({ onOpenNav }: { onOpenNav: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    // enableColorOnDark: the bar stays in the brand colour in the dark scheme too.
    <AppBar
      position="sticky"
      color="primary"
      enableColorOnDark
      data-testid="app-bar"
      sx={{ zIndex: (theme) => theme.zIndex.drawer - 1 }}
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
          aria-label={t('layout.header.home', { appName: brand.app_name })}
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
          <Box sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
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
