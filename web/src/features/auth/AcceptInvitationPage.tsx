import { PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { NewPasswordFields } from '../../shared/ui/NewPasswordFields.tsx';
import { useAcceptInvitation } from './api/accept-invitation.ts';
import { useInvitation } from './api/get-invitation.ts';
import { InvitationDone, InvitationGate, InviteeNameField } from './invitation-page.tsx';

type Errors = { username?: string; password?: string; confirmation?: string; general?: string };

/**
 * The page of an invitation link (`/account/accept-invitation?token=`): what the link
 * invites to, then a name and a password (twice); the account is created, address verified, and
 * the invitee signs in.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
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
      await accept.mutateAsync({ token, username: username.trim(), password });
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

  return (
    <InvitationGate title={t('auth.invitation.title')} token={token} invitation={invitation}>
      {(invited) =>
        state === 'done' ? (
          <InvitationDone message={t('auth.invitation.done', { email: invited.email })} />
        ) : (
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography variant="body2" data-testid="invitation-summary">
              {t('auth.invitation.summary', {
                company: invited.company_name,
                role: invited.role_title,
                email: invited.email,
              })}
            </Typography>
            {errors.general && <ErrorAlert>{errors.general}</ErrorAlert>}
            <InviteeNameField
              value={username}
              onChange={(value) => {
                setUsername(value);
                setErrors({});
              }}
              error={errors.username}
              autoFocus
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
        )
      }
    </InvitationGate>
  );
}
