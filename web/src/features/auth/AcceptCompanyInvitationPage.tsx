import { COMPANY_NAME_MAX_LENGTH, COMPANY_NAME_MIN_LENGTH } from '@fleetport/contracts/user-limits';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { NewPasswordFields } from '../../shared/ui/NewPasswordFields.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useAcceptCompanyInvitation } from './api/accept-company-invitation.ts';
import { useCompanyInvitation } from './api/get-company-invitation.ts';
import {
  InvitationDone,
  InvitationGate,
  type InviteeErrors,
  InviteeNameField,
  inviteeProblems,
  refusalByField,
  withoutError,
} from './invitation-page.tsx';

type Errors = InviteeErrors<'company'>;

/**
 * The page of a company invitation (`/account/accept-company-invitation?token=`,
 * distributors): the invitee names the new company (it goes under the inviter's) and becomes
 * its first admin.
 */
export default function AcceptCompanyInvitationPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const invitation = useCompanyInvitation(token);
  const accept = useAcceptCompanyInvitation();
  const [company, setCompany] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'busy') return;
    // Spec §5: a company name has at least 3 characters; every bad field is marked at once.
    const problems: Errors = {
      ...(company.trim().length < COMPANY_NAME_MIN_LENGTH
        ? { company: t('auth.companyInvitation.companyTooShort', { min: COMPANY_NAME_MIN_LENGTH }) }
        : {}),
      ...inviteeProblems(t, { username, password, confirmation }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setState('busy');
    setErrors({});
    try {
      await accept.mutateAsync({
        token,
        company_name: company.trim(),
        username: username.trim(),
        password,
      });
      setState('done');
    } catch (failure) {
      setState('idle');
      const refused = refusalByField(failure, {
        company_name: 'company',
        username: 'username',
        password: 'password',
      });
      // Spec §5: a refused password empties its confirmation.
      if (refused.password) setConfirmation('');
      setErrors(refused);
    }
  };

  return (
    <InvitationGate title={t('auth.companyInvitation.title')} token={token} invitation={invitation}>
      {(invited) =>
        state === 'done' ? (
          <InvitationDone
            message={t('auth.companyInvitation.done', { company: company.trim(), email: invited.email })}
          />
        ) : (
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <Typography variant="body2" data-testid="invitation-summary">
              {t('auth.companyInvitation.summary', {
                parent: invited.parent_company_name,
                email: invited.email,
              })}
            </Typography>
            {errors.general && <ErrorAlert>{errors.general}</ErrorAlert>}
            <TextInput
              label={t('auth.companyInvitation.company')}
              value={company}
              onChange={(event) => {
                setCompany(event.target.value);
                setErrors((current) => withoutError(current, 'company'));
              }}
              required
              fullWidth
              autoFocus
              autoComplete="organization"
              error={Boolean(errors.company)}
              helperText={errors.company}
              slotProps={{
                htmlInput: { maxLength: COMPANY_NAME_MAX_LENGTH, 'data-testid': 'invitation-company' },
              }}
            />
            <InviteeNameField
              value={username}
              onChange={(value) => {
                setUsername(value);
                setErrors((current) => withoutError(current, 'username'));
              }}
              error={errors.username}
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
              {t('auth.companyInvitation.submit')}
            </Button>
          </Stack>
        )
      }
    </InvitationGate>
  );
}
