import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY, useUserStorage } from '../../../shared/lib/user-storage.ts';

/** The language list (English, Japanese), each named in its own language; fetched when first opened. */
export function LanguageMenuList({
  anchor,
  current,
  onClose,
}: {
  anchor: HTMLElement | null;
  current: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const storage = useUserStorage();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          lang={language}
          selected={language === current}
          onClick={() => {
            void i18n.changeLanguage(language);
            // Kept with the user, so it follows them to other browsers; failures are harmless.
            storage?.set(LANGUAGE_STORAGE_KEY, language).catch(() => undefined);
            onClose();
          }}
        >
          {t(`language.${language}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
