import { EMAIL_MAX_LENGTH } from '@fleetport/contracts/user-limits';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useForgotPassword } from './api/forgot-password.ts';

/** Forgot password: the answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | undefined>();
  const forgot = useForgotPassword();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'busy') return;
    setState('busy');
    setError(undefined);
    try {
      await forgot.mutateAsync(email);
      setState('sent');
    } catch (failure) {
      setError(messageOf(failure));
      setState('idle');
    }
  };
  return (
    <AccountCard title={t('auth.forgot.title')}>
      {state === 'sent' ? (
        <Alert severity="success" data-testid="forgot-sent">
          {t('auth.forgot.sent', { email })}
        </Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            fullWidth
            autoFocus
            autoComplete="email"
            helperText={t('auth.forgot.hint')}
            slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
          />
          <Button type="submit" variant="contained" disabled={state === 'busy'}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      )}
      <Link
        component={RouterLink}
        to={pathOf('account.login')}
        variant="body2"
        sx={{ display: 'inline-block', mt: 2 }}
      >
        {t('auth.backToLogin')}
      </Link>
    </AccountCard>
  );
}
