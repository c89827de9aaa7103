import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../lib/i18n.ts';

/** Spec §2 "Header": the language list (English, Japanese), each named in its own language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={i18n.resolvedLanguage}
      onChange={(_, language: string | null) => {
        if (language && isLanguage(language)) void i18n.changeLanguage(language);
      }}
      aria-label={t('layout.header.language')}
      sx={{
        // Inherit the bar's readable text colour instead of the theme's on-background greys.
        // Language names keep their own spelling: no upper-casing.
        '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'currentColor', textTransform: 'none' },
        '& .MuiToggleButton-root.Mui-selected': {
          color: 'inherit',
          backgroundColor: 'color-mix(in srgb, currentColor 20%, transparent)',
        },
      }}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
