import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { PublicBrand } from '@fleetport/contracts/brand';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { BrandContext } from '../shared/lib/brand.ts';
import { readDarkMode } from '../shared/lib/browser-settings.ts';
import { ToastHost } from '../shared/toasts/toasts.tsx';
import { createBrandTheme } from './theme.ts';

interface AppProviderProps {
  brand: PublicBrand;
  styleCache: EmotionCache;
  queryClient: QueryClient;
  children: ReactNode;
}

const MUI_MODE = { auto: 'system', on: 'dark', off: 'light' } as const;

/** Brand, nonce-carrying style cache, brand theme, server state and toasts for everything below. */
export function AppProvider({ brand, styleCache, queryClient, children }: AppProviderProps) {
  const theme = useMemo(() => createBrandTheme(brand), [brand]);
  return (
    <BrandContext value={brand}>
      <CacheProvider value={styleCache}>
        {/* Dark mode: Auto follows the OS; the choice lives under the spec's darkMode key, so
            MUI's own storage is off. InitColorSchemeScript is inline code, which the CSP forbids. */}
        <ThemeProvider theme={theme} defaultMode={MUI_MODE[readDarkMode()]} storageManager={null}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <ToastHost>{children}</ToastHost>
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </BrandContext>
  );
}
