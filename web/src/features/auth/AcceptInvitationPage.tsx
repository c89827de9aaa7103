import { PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import { USERNAME_MAX_LENGTH } from '@fleetport/contracts/user-limits';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AccountCard } from '../../components/AccountCard.tsx';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { api } from '../../lib/api.ts';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';

interface Invitation {
  email: string;
  company_name: string;
  role_title: string;
}

type Errors = { username?: string; password?: string; confirmation?: string; general?: string };

/**
 * The page of an invitation link (`/account/accept-invitation?token=`, issue 5): what the link
 * invites to, then a name and a password (twice); the account is created, address verified, and
 * the invitee signs in.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: async () =>
      (await api.http.post<{ data: Invitation }>('/account/invitation', { token })).data.data,
    enabled: token !== '',
    retry: false,
  });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'busy') return;
    if (!username.trim()) return setErrors({ username: t('auth.invitation.nameRequired') });
    if (password.length < PASSWORD_MIN_LENGTH) {
      return setErrors({ password: t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH }) });
    }
    if (password !== confirmation) return setErrors({ confirmation: t('auth.password.mismatch') });
    setState('busy');
    setErrors({});
    try {
      await api.http.post('/account/invitation/accept', { token, username: username.trim(), password });
      setState('done');
    } catch (failure) {
      setState('idle');
      const item = firstErrorItem(failure);
      if (item?.source === 'password') {
        setConfirmation('');
        setErrors({ password: item.message });
      } else if (item?.source === 'username') setErrors({ username: item.message });
      else setErrors({ general: messageOf(failure) });
    }
  };

  const title = t('auth.invitation.title');
  if (!token) {
    return (
      <AccountCard title={title}>
        <Alert severity="error">{t('auth.invitation.noToken')}</Alert>
      </AccountCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AccountCard title={title}>
        <CircularProgress aria-label={t('common.loading')} />
      </AccountCard>
    );
  }
  if (invitation.isError) {
    return (
      <AccountCard title={title}>
        <Alert severity="error" data-testid="invitation-invalid">
          {messageOf(invitation.error)}
        </Alert>
      </AccountCard>
    );
  }
  const invited = invitation.data;
  return (
    <AccountCard title={title}>
      {state === 'done' ? (
        <Stack spacing={2}>
          <Alert severity="success" data-testid="invitation-done">
            {t('auth.invitation.done', { email: invited.email })}
          </Alert>
          <Button component={RouterLink} to="/account/login" variant="contained">
            {t('auth.login.submit')}
          </Button>
        </Stack>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Typography variant="body2" data-testid="invitation-summary">
            {t('auth.invitation.summary', {
              company: invited.company_name,
              role: invited.role_title,
              email: invited.email,
            })}
          </Typography>
          {errors.general && <Alert severity="error">{errors.general}</Alert>}
          <TextInput
            label={t('auth.invitation.name')}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setErrors({});
            }}
            required
            fullWidth
            autoFocus
            autoComplete="name"
            error={Boolean(errors.username)}
            helperText={errors.username}
            slotProps={{ htmlInput: { maxLength: USERNAME_MAX_LENGTH, 'data-testid': 'invitation-name' } }}
          />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={(value) => {
              setPassword(value);
              setErrors({});
            }}
            onConfirmation={(value) => {
              setConfirmation(value);
              setErrors({});
            }}
            errors={errors}
            testIdPrefix="invitation"
          />
          <Button
            type="submit"
            variant="contained"
            disabled={state === 'busy'}
            data-testid="invitation-submit"
          >
            {t('auth.invitation.submit')}
          </Button>
        </Stack>
      )}
    </AccountCard>
  );
}
