import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../shared/lib/i18n.ts';
import { useOpenedOnce } from '../../../shared/ui/lazy-mui.tsx';

const LanguageMenuList = lazy(() =>
  import('./LanguageMenuList.tsx').then((module) => ({ default: module.LanguageMenuList })),
);

/** Spec §2 "Header": the language list (English, Japanese), each named in its own language. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpenedOnce(anchor !== null);
  const current = isLanguage(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as string) : 'en';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        // The name holds the visible text (WCAG 2.5.3): 'Language: English'.
        aria-label={`${t('layout.header.language')}: ${t(`language.${current as 'en'}`)}`}
        aria-haspopup="menu"
        sx={{ textTransform: 'none', minWidth: 0 }}
        data-testid="language-button"
      >
        <span lang={current}>{t(`language.${current as 'en'}`)}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} current={current} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
