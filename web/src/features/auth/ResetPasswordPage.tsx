import { PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { NewPasswordFields } from '../../shared/ui/NewPasswordFields.tsx';
import { useResetPassword } from './api/reset-password.ts';

/** Reset password from the e-mailed link (`?token=`): new password twice, then sign in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string; general?: string }>({});
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const reset = useResetPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'busy') return;
    // Every bad field at once, not one per submit.
    const problems = {
      ...(password.length < PASSWORD_MIN_LENGTH
        ? { password: t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH }) }
        : {}),
      ...(password !== confirmation ? { confirmation: t('auth.password.mismatch') } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setState('busy');
    try {
      await reset.mutateAsync({ token, password });
      setState('done');
    } catch (failure) {
      setState('idle');
      const item = firstErrorItem(failure);
      // Spec §5: a password error also blanks the confirmation.
      if (item?.source === 'password') {
        setConfirmation('');
        setErrors({ password: item.message });
      } else setErrors({ general: messageOf(failure) });
    }
  };

  if (!token) {
    return (
      <AccountCard title={t('auth.reset.title')}>
        <ErrorAlert>{t('auth.reset.noToken')}</ErrorAlert>
        <Link
          component={RouterLink}
          to={pathOf('account.forgot-password')}
          sx={{ display: 'inline-block', mt: 2 }}
        >
          {t('auth.login.forgot')}
        </Link>
      </AccountCard>
    );
  }
  return (
    <AccountCard title={t('auth.reset.title')}>
      {state === 'done' ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="reset-done">
            {t('auth.reset.done')}
          </Alert>
          <Button component={RouterLink} to={pathOf('account.login')} variant="contained">
            {t('auth.login.submit')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          {errors.general && <ErrorAlert>{errors.general}</ErrorAlert>}
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={(value) => {
              setPassword(value);
              setErrors({}); // spec §4: changing a field clears its error
            }}
            onConfirmation={(value) => {
              setConfirmation(value);
              setErrors({});
            }}
            errors={errors}
            testIdPrefix="reset"
            autoFocus
          />
          <Button type="submit" variant="contained" disabled={state === 'busy'} data-testid="reset-submit">
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      )}
    </AccountCard>
  );
}
