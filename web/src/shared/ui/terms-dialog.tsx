import type { PublicBrand } from '@fleetport/contracts/brand';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { ensureArea } from '../lib/i18n.ts';
import { registerModal } from '../modals/registry.ts';
import { openModal } from '../modals/store.ts';

// Shared code brings its own strings (shared/lib/i18n.ts; pages declare theirs in app/routes/table.ts).
await ensureArea('updates');

export const TERMS_MODAL = 'terms';

interface TermsBodyProps {
  appName: string;
  company: string;
  /** The brand's own terms (an https:// URL, checked by the brand schema). */
  termsUrl?: string;
}

/** The terms: a short default text in the user's language, and the brand's full terms when it has them. */
export function TermsBody({ appName, company, termsUrl }: TermsBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2">{t('updates.terms.body', { appName, company })}</Typography>
      {termsUrl?.startsWith('https://') && (
        <Link
          href={termsUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          sx={{ mt: 2, display: 'block' }}
        >
          {t('updates.terms.full', { company })}
        </Link>
      )}
    </>
  );
}
registerModal(TERMS_MODAL, TermsBody);

/** Spec §2 "Terms and conditions" dialog, from the account pages (open without a session). */
export function openTermsDialog(brand: PublicBrand): void {
  openModal({
    id: TERMS_MODAL,
    title: i18next.t('updates.terms.title'),
    component: TERMS_MODAL,
    props: {
      appName: brand.app_name,
      company: brand.company_name,
      ...(brand.terms_url ? { termsUrl: brand.terms_url } : {}),
    },
    // A text to read: closed with its close button or Escape, no action to confirm.
    minimizeDisable: true,
  });
}
