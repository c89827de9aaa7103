import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import type { CurrentUser } from '../../shared/lib/auth.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { useCancelImpersonation } from './api/cancel-impersonation.ts';

/**
 * Spec §2: 'Currently impersonating user {email}, {company name or 'Company'} #{company id}'
 * with 'Cancel impersonation', which ends it, refreshes the token and reloads the page.
 */
export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const cancelImpersonation = useCancelImpersonation();
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelImpersonation.mutateAsync();
      window.location.reload();
    } catch (error) {
      setBusy(false);
      toast(messageOf(error), { type: 'error' });
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      data-testid="impersonation-banner"
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={busy} onClick={cancel}>
          {t('layout.impersonation.cancel')}
        </Button>
      }
      sx={{ alignItems: 'center' }}
    >
      {t('layout.impersonation.banner', {
        email: user.email,
        company: user.company_name || t('layout.impersonation.company'),
        id: user.company_id,
      })}
    </Alert>
  );
}
