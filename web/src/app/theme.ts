import type { PublicBrand } from '@fleetport/contracts/brand';
import {
  AA_CONTRAST,
  contrastRatio,
  luminance,
  readableTextOn,
  withContrast,
} from '@fleetport/contracts/colour';
import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
// Types `theme.vars` and `theme.colorSchemes` of a CSS-variables theme.
import type {} from '@mui/material/themeCssVarsAugmentation';

import { SCHEME_BACKGROUNDS } from '../shared/ui/scheme-backgrounds.ts';

export {
  AA_CONTRAST as WCAG_AA_CONTRAST,
  contrastRatio,
  luminance as relativeLuminance,
  readableTextOn,
  SCHEME_BACKGROUNDS,
};

declare module '@mui/material/styles' {
  /** The brand colour exactly as configured, for brand surfaces (the header bar, card bars). */
  interface Palette {
    brand: Palette['primary'];
  }
  interface PaletteOptions {
    brand?: PaletteOptions['primary'];
  }
}

/**
 * The MUI theme of a brand: CSS variables, light and dark schemes switched by a class on
 * <html>, and the brand's text colour in the dark scheme.
 * - `brand` is the brand colour itself, for surfaces (header, card bars) with AA text on them.
 * - `primary` is the brand colour as text and accents need it: unchanged where it already reads
 *   on the scheme's background at AA, else moved toward white (dark) or black (light) until it
 *   does. A dark brand blue would otherwise be unreadable as a link in the dark scheme.
 */
export function createBrandTheme(brand: PublicBrand): Theme {
  const brandColour = { main: brand.brand_color, contrastText: readableTextOn(brand.brand_color) };
  const scheme = (backgrounds: readonly string[]): PaletteOptions => {
    const main = withContrast(brand.brand_color, backgrounds);
    return {
      brand: brandColour,
      primary: { main, contrastText: readableTextOn(main) },
      contrastThreshold: AA_CONTRAST,
    };
  };
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class', cssVarPrefix: 'fp' },
    colorSchemes: {
      light: { palette: scheme(SCHEME_BACKGROUNDS.light) },
      dark: {
        palette: { ...scheme(SCHEME_BACKGROUNDS.dark), text: { primary: brand.dark_mode_text_color } },
      },
    },
    components: {
      MuiCssBaseline: {
        // Router links in grids and lists (a device, a task group) look as MUI's Link does: the
        // brand's colour in either scheme, on every page that shows them.
        styleOverrides: (theme: Theme) => ({
          'a.device-link, a.task-link': {
            color: theme.vars?.palette.primary.main ?? theme.palette.primary.main,
            textDecoration: 'none',
            fontWeight: 500,
          },
          'a.device-link:hover, a.task-link:hover': { textDecoration: 'underline' },
        }),
      },
    },
  });
}
