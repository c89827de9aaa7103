import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import axios from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MfaSettings } from '../../features/account/MfaSettings.tsx';
import { useResendActivation } from '../../features/auth/api/resend-activation.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import type { GlobalNotice as NoticeCode } from '../boot.ts';
import { LogoutButton } from './Notices.tsx';

/** Spec §2 "Full-screen notices": e-mail not verified (with a working resend). */
function EmailNotVerified() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const resendActivation = useResendActivation();
  const resend = async () => {
    setBusy(true);
    try {
      await resendActivation.mutateAsync();
      toast(t('notices.emailNotVerified.sent'), { type: 'success' });
    } catch (error) {
      const status = axios.isAxiosError(error)
        ? error.response?.statusText || String(error.response?.status ?? '')
        : '';
      toast(t('notices.emailNotVerified.failed', { status }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title={t('notices.emailNotVerified.title')}>
      <Typography gutterBottom>{t('notices.emailNotVerified.body')}</Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={resend} disabled={busy} data-testid="resend-activation">
          {t('notices.emailNotVerified.resend')}
        </Button>
        <LogoutButton />
      </Stack>
    </AccountCard>
  );
}

/** MFA mandatory: the notice is also where the user enrols, then the console opens. */
function MfaMandatory() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('notices.mfaMandatory.title')} wide>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('notices.mfaMandatory.body')}
      </Alert>
      <MfaSettings mfaType={null} onChanged={() => window.location.assign('/')} />
      <Stack direction="row" sx={{ mt: 2 }}>
        <LogoutButton />
      </Stack>
    </AccountCard>
  );
}

function NotInvited() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('notices.notInvited.title')}>
      <Typography>{t('notices.notInvited.body')}</Typography>
      <Stack direction="row" sx={{ mt: 2 }}>
        <LogoutButton />
      </Stack>
    </AccountCard>
  );
}

export function GlobalNotice({ notice }: { notice: NoticeCode }) {
  if (notice === 'EMAIL_NOT_VERIFIED') return <EmailNotVerified />;
  if (notice === 'MFA_MANDATORY') return <MfaMandatory />;
  return <NotInvited />;
}
