import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../../../lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY, useUserStorage } from '../../../lib/user-storage.ts';

/** Spec §2 "Header": the language list (English, Japanese), each named in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const storage = useUserStorage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLanguage(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as string) : 'en';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('layout.header.language')}
        aria-haspopup="menu"
        sx={{ textTransform: 'none', minWidth: 0 }}
        data-testid="language-button"
      >
        <span lang={current}>{t(`language.${current as 'en'}`)}</span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            onClick={() => {
              void i18n.changeLanguage(language);
              // Kept with the user, so it follows them to other browsers; failures are harmless.
              storage?.set(LANGUAGE_STORAGE_KEY, language).catch(() => undefined);
              setAnchor(null);
            }}
          >
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
