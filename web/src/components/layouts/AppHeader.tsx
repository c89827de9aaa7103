import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useBrand } from '../../lib/brand.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** Spec §2 "Header": brand logo, app name with the theme's optional subtext, language list. */
export function AppHeader() {
  const brand = useBrand();
  return (
    // enableColorOnDark: the bar stays in the brand colour in the dark scheme too.
    <AppBar position="static" color="primary" enableColorOnDark data-testid="app-bar">
      <Toolbar sx={{ gap: 2 }}>
        <Box
          component="img"
          src={brand.logo_url}
          alt={brand.app_name}
          data-testid="brand-logo"
          sx={{ height: 40, width: 'auto', display: 'block' }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h6" component="div" noWrap data-testid="app-name">
            {brand.app_name}
          </Typography>
          {brand.logo_subtext && (
            <Typography variant="caption" component="div" noWrap>
              {brand.logo_subtext}
            </Typography>
          )}
        </Box>
        <LanguageSwitch />
      </Toolbar>
    </AppBar>
  );
}
