import { PASSWORD_MAX_UNITS } from '@fleetport/contracts/password';
import { sameOriginPath } from '@fleetport/contracts/same-origin';
import { EMAIL_MAX_LENGTH } from '@fleetport/contracts/user-limits';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';
import { type MfaChallenge, mfaChallengeOf, mfaFieldsOf } from '../../shared/api/step-up.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { MfaCodeField } from '../../shared/ui/MfaCodeField.tsx';
import { TermsLink } from '../../shared/ui/TermsLink.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useLogin } from './api/login.ts';

/**
 * The login page: e-mail and password, then, for accounts with MFA, the code step (TOTP or an
 * e-mailed code) that repeats the login with session_code and session_uuid (spec §7). Success
 * follows continue_url only on this page's own origin (spec §5).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<MfaChallenge | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const login = useLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return; // spec §4: a submit is ignored while one is in flight
    setBusy(true);
    setError(undefined);
    setCodeError(undefined);
    try {
      await login.mutateAsync({
        email,
        password,
        ...(challenge ? mfaFieldsOf(challenge, code) : {}),
      });
      const target = sameOriginPath(search.get('continue_url'), window.location.origin) ?? '/';
      window.location.assign(target);
    } catch (failure) {
      setBusy(false);
      const next = mfaChallengeOf(failure);
      if (next) {
        setChallenge(next);
        setCode('');
        return;
      }
      const item = firstErrorItem(failure);
      // Spec §8: CONFIRMATION_FAILED keeps the code step open with the error on the field.
      if (challenge && item?.code === 'CONFIRMATION_FAILED') setCodeError(item.message);
      else setError(messageOf(failure));
    }
  };

  return (
    <AccountCard title={challenge ? t('auth.mfa.title') : t('auth.login.title')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        noValidate={false}
        aria-label={t('auth.login.title')}
      >
        {error && (
          <Box data-testid="login-error">
            <ErrorAlert>{error}</ErrorAlert>
          </Box>
        )}
        {challenge ? (
          <MfaCodeField challenge={challenge} value={code} onChange={setCode} error={codeError} />
        ) : (
          <>
            <TextInput
              label={t('auth.fields.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              fullWidth
              autoFocus
              autoComplete="username"
              slotProps={{ htmlInput: { 'data-testid': 'login-email', maxLength: EMAIL_MAX_LENGTH } }}
            />
            <TextInput
              label={t('auth.fields.password')}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              fullWidth
              autoComplete="current-password"
              slotProps={{ htmlInput: { 'data-testid': 'login-password', maxLength: PASSWORD_MAX_UNITS } }}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="login-submit">
          {challenge ? t('auth.mfa.confirm') : t('auth.login.submit')}
        </Button>
        {challenge ? (
          <Button onClick={() => setChallenge(undefined)} disabled={busy}>
            {t('auth.mfa.back')}
          </Button>
        ) : (
          <Link component={RouterLink} to={pathOf('account.forgot-password')} variant="body2">
            {t('auth.login.forgot')}
          </Link>
        )}
        <TermsLink />
      </Stack>
    </AccountCard>
  );
}
