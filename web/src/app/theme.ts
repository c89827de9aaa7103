import type { PublicBrand } from '@fleetport/contracts/brand';
import { AA_CONTRAST, contrastRatio, luminance, readableTextOn } from '@fleetport/contracts/colour';
import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
// Types `theme.vars` and `theme.colorSchemes` of a CSS-variables theme.
import type {} from '@mui/material/themeCssVarsAugmentation';

export { AA_CONTRAST as WCAG_AA_CONTRAST, contrastRatio, luminance as relativeLuminance, readableTextOn };

/**
 * The MUI theme of a brand: CSS variables, light and dark schemes switched by a class on
 * <html>, primary in the brand colour, and the brand's text colour in the dark scheme.
 */
export function createBrandTheme(brand: PublicBrand): Theme {
  const shared: PaletteOptions = {
    primary: { main: brand.brand_color, contrastText: readableTextOn(brand.brand_color) },
    contrastThreshold: AA_CONTRAST,
  };
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class', cssVarPrefix: 'fp' },
    colorSchemes: {
      light: { palette: shared },
      dark: { palette: { ...shared, text: { primary: brand.dark_mode_text_color } } },
    },
  });
}
