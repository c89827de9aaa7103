import { isHexColour } from '@fleetport/contracts/brand';
import { contrastRatio, readableTextOn, withContrast } from '@fleetport/contracts/colour';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SCHEME_BACKGROUNDS } from '../../shared/ui/scheme-backgrounds.ts';

/** What the preview shows of a brand being edited: the form's current values. */
export interface BrandDraft {
  app_name?: unknown;
  logo_subtext?: unknown;
  brand_color?: unknown;
  dark_mode_text_color?: unknown;
  logo_url?: string | undefined;
}

const SCHEMES = {
  light: { page: '#f5f5f5', paper: SCHEME_BACKGROUNDS.light[0], text: 'rgba(0, 0, 0, 0.87)' },
  dark: { page: SCHEME_BACKGROUNDS.dark[0], paper: '#1e1e1e', text: '' },
} as const;

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value : fallback;
const colour = (value: unknown, fallback: string) =>
  typeof value === 'string' && isHexColour(value) ? value : fallback;

/**
 * The brand as the console will paint it, in light and dark, while it is edited: the header bar,
 * the navigation with its active item, and a dialog with a button and a link. The colours come
 * from the same functions as the console's theme (app/theme.ts), so what is seen is what ships:
 * the brand colour on surfaces with black or white text, and for text the colour moved until it
 * reads at 4.5:1 on that scheme's background.
 */
export function BrandPreview({ draft }: { draft: BrandDraft }) {
  const { t } = useTranslation();
  const brand = colour(draft.brand_color, '#1f5fbf');
  const darkText = colour(draft.dark_mode_text_color, '#ffffff');
  const onBrand = readableTextOn(brand);
  const appName = text(draft.app_name, '…');
  const subtext = typeof draft.logo_subtext === 'string' ? draft.logo_subtext : '';
  const navItems = [t('route.devices'), t('route.companies'), t('route.users')];
  return (
    <Stack spacing={2} data-testid="brand-preview">
      <Typography variant="body2" color="text.secondary">
        {t('admin.brands.preview.contrast', { ratio: contrastRatio(brand, onBrand).toFixed(1) })}
      </Typography>
      {(['light', 'dark'] as const).map((scheme) => {
        const palette = SCHEMES[scheme];
        const ink = scheme === 'dark' ? darkText : palette.text;
        const primary = withContrast(brand, SCHEME_BACKGROUNDS[scheme]);
        return (
          <Box
            key={scheme}
            role="img"
            aria-label={`${t('admin.brands.sections.preview')}: ${t(`admin.brands.preview.${scheme}`)}`}
            data-testid={`brand-preview-${scheme}`}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: palette.page,
            }}
          >
            <Box
              data-testid={`brand-preview-${scheme}-header`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1.5,
                height: 44,
                bgcolor: brand,
                color: onBrand,
              }}
            >
              {draft.logo_url && (
                <Box component="img" src={draft.logo_url} alt="" sx={{ height: 24, maxWidth: 96 }} />
              )}
              <Box sx={{ fontWeight: 600 }}>{appName}</Box>
              {subtext && <Box sx={{ fontSize: 12 }}>{subtext}</Box>}
            </Box>
            <Box sx={{ display: 'flex', minHeight: 150 }}>
              <Box sx={{ width: 120, py: 1, bgcolor: palette.paper, color: ink, fontSize: 13 }}>
                {navItems.map((item, index) => (
                  <Box
                    key={item}
                    sx={{
                      px: 1.5,
                      py: 0.75,
                      ...(index === 1
                        ? { color: primary, fontWeight: 600, borderLeft: 3, borderColor: primary }
                        : {}),
                    }}
                  >
                    {item}
                  </Box>
                ))}
              </Box>
              <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 1.5 }}>
                <Box
                  sx={{
                    bgcolor: palette.paper,
                    color: ink,
                    borderRadius: 1,
                    boxShadow: 4,
                    p: 1.5,
                    width: '100%',
                    maxWidth: 260,
                    fontSize: 13,
                  }}
                >
                  <Box sx={{ fontWeight: 600, mb: 0.5 }}>{t('admin.brands.preview.dialogTitle')}</Box>
                  <Box sx={{ mb: 1 }}>
                    {t('admin.brands.preview.dialogText')}{' '}
                    <Box component="span" sx={{ color: primary, textDecoration: 'underline' }}>
                      {t('admin.brands.preview.link')}
                    </Box>
                  </Box>
                  <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
                    <Box sx={{ color: primary, px: 1, py: 0.5, fontWeight: 500 }}>
                      {t('admin.brands.preview.cancel')}
                    </Box>
                    <Box
                      data-testid={`brand-preview-${scheme}-button`}
                      sx={{
                        bgcolor: primary,
                        color: readableTextOn(primary),
                        px: 1.5,
                        py: 0.5,
                        borderRadius: 1,
                        fontWeight: 500,
                      }}
                    >
                      {t('admin.brands.preview.confirm')}
                    </Box>
                  </Box>
                </Box>
              </Box>
            </Box>
            {primary.toLowerCase() !== brand.toLowerCase() && (
              <Typography
                variant="caption"
                sx={{ display: 'block', px: 1.5, py: 0.5, color: ink, bgcolor: palette.paper }}
              >
                {t('admin.brands.preview.adjusted', { colour: primary })}
              </Typography>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
