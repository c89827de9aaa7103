import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { verifyEmail } from './api/verify-email.ts';

/** Verify e-mail from the e-mailed link (`?token=`): the token is posted once, on arrival. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [result, setResult] = useState<{ ok: boolean; message?: string } | undefined>();
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current || !token) return;
    posted.current = true; // a link works once: never post it twice (StrictMode runs effects twice)
    verifyEmail(token).then(
      () => setResult({ ok: true }),
      (failure: unknown) => setResult({ ok: false, message: messageOf(failure) }),
    );
  }, [token]);
  return (
    <AccountCard title={t('auth.verify.title')}>
      <Stack spacing={2}>
        {!token ? (
          <ErrorAlert>{t('auth.verify.noToken')}</ErrorAlert>
        ) : !result ? (
          <CircularProgress aria-label={t('common.loading')} />
        ) : result.ok ? (
          <Alert severity="success" data-testid="verify-done">
            {t('auth.verify.done')}
          </Alert>
        ) : (
          <ErrorAlert>{result.message}</ErrorAlert>
        )}
        <Button href="/" variant="contained">
          {t('auth.verify.continue')}
        </Button>
      </Stack>
    </AccountCard>
  );
}
