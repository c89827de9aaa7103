import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { PublicBrand } from '@fleetport/contracts/brand';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { BrandContext } from '../lib/brand.ts';
import { createBrandTheme } from './theme.ts';

interface AppProviderProps {
  brand: PublicBrand;
  styleCache: EmotionCache;
  children: ReactNode;
}

/** Brand, nonce-carrying style cache and brand theme for everything below. */
export function AppProvider({ brand, styleCache, children }: AppProviderProps) {
  const theme = useMemo(() => createBrandTheme(brand), [brand]);
  return (
    <BrandContext value={brand}>
      <CacheProvider value={styleCache}>
        {/* 'system' follows the OS; InitColorSchemeScript is inline code, which the CSP forbids. */}
        <ThemeProvider theme={theme} defaultMode="system">
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </BrandContext>
  );
}
