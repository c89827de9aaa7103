import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../lib/brand.ts';
import { ensureArea } from '../lib/i18n.ts';

// Shared code brings its own strings: the sign-in words (`auth`) load with whatever shows this.
await ensureArea('auth');

/** Spec §2 "Terms and conditions": opens the brand's terms; the dialog's code loads on click. */
export function TermsLink() {
  const { t } = useTranslation();
  const brand = useBrand();
  const open = () => {
    import('./terms-dialog.tsx').then(
      (module) => module.openTermsDialog(brand),
      (error: unknown) => console.error(error),
    );
  };
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      onClick={open}
      sx={{ alignSelf: 'flex-start' }}
      data-testid="terms-link"
    >
      {t('auth.termsLink')}
    </Link>
  );
}
