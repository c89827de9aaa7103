import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { NewPasswordFields } from '../../shared/ui/NewPasswordFields.tsx';
import { useAcceptInvitation } from './api/accept-invitation.ts';
import { useInvitation } from './api/get-invitation.ts';
import {
  InvitationDone,
  InvitationGate,
  type InviteeErrors,
  InviteeNameField,
  inviteeProblems,
  refusalByField,
  withoutError,
} from './invitation-page.tsx';

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
  const [errors, setErrors] = useState<InviteeErrors>({});
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'busy') return;
    const problems = inviteeProblems(t, { username, password, confirmation });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setState('busy');
    setErrors({});
    try {
      await accept.mutateAsync({ token, username: username.trim(), password });
      setState('done');
    } catch (failure) {
      setState('idle');
      const refused = refusalByField(failure, { username: 'username', password: 'password' });
      // Spec §5: a refused password empties its confirmation.
      if (refused.password) setConfirmation('');
      setErrors(refused);
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
                setErrors((current) => withoutError(current, 'username'));
              }}
              error={errors.username}
              autoFocus
            />
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPassword={(value) => {
                setPassword(value);
                setErrors((current) => withoutError(current, 'password'));
              }}
              onConfirmation={(value) => {
                setConfirmation(value);
                setErrors((current) => withoutError(current, 'confirmation'));
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
