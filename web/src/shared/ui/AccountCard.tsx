import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useBrand } from '../lib/brand.ts';

/** The branded frame of the standalone account pages and full-screen notices (spec §2). */
export function AccountCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const brand = useBrand();
  useEffect(() => {
    document.title = `${title} | ${brand.app_name}`;
  }, [title, brand.app_name]);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: wide ? 720 : 420, overflow: 'hidden' }}>
        <Box
          sx={{
            bgcolor: 'brand.main',
            color: 'brand.contrastText',
            px: 3,
            py: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
          }}
          data-testid="account-card-bar"
        >
          <Box component="img" src={brand.logo_url} alt="" sx={{ height: 36, width: 'auto' }} />
          <Typography
            variant="subtitle1"
            component="div"
            sx={{ fontWeight: 600 }}
            data-testid="account-card-app-name"
          >
            {brand.app_name}
          </Typography>
        </Box>
        <Box sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Box>
      </Paper>
    </Box>
  );
}
