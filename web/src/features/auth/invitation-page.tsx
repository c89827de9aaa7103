import { PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import { USERNAME_MAX_LENGTH } from '@fleetport/contracts/user-limits';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';

/**
 * What an e-mailed invitation link's page shares (a user's, a company's): the link checked with
 * the API first (`invitation`: what it invites to), the incomplete, invalid and loading states,
 * the name field and the final 'sign in' step.
 */
export function InvitationGate<T>({
  title,
  token,
  invitation,
  children,
}: {
  title: string;
  token: string;
  invitation: UseQueryResult<T>;
  children: (invitation: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!token || invitation.isError) {
    return (
      <AccountCard title={title}>
        <Box data-testid="invitation-invalid">
          <ErrorAlert>
            {invitation.isError ? messageOf(invitation.error) : t('auth.invitation.noToken')}
          </ErrorAlert>
        </Box>
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
  return <AccountCard title={title}>{children(invitation.data)}</AccountCard>;
}

/** The account is ready: say so and lead to the login page. */
export function InvitationDone({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Alert severity="success" data-testid="invitation-done">
        {message}
      </Alert>
      <Button component={RouterLink} to={pathOf('account.login')} variant="contained">
        {t('auth.login.submit')}
      </Button>
    </Stack>
  );
}

/** What an acceptance form marks: its fields, and what goes above them. */
export type InviteeErrors<K extends string = never> = Partial<
  Record<K | 'username' | 'password' | 'confirmation' | 'general', string>
>;

/**
 * Every problem of the invitee's name and password at once (issue 30: all bad fields in one
 * go, not one per submit); none when the form may be sent.
 */
export function inviteeProblems(
  t: TFunction,
  values: { username: string; password: string; confirmation: string },
): InviteeErrors {
  return {
    ...(values.username.trim() ? {} : { username: t('auth.invitation.nameRequired') }),
    ...(values.password.length < PASSWORD_MIN_LENGTH
      ? { password: t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH }) }
      : {}),
    ...(values.password !== values.confirmation ? { confirmation: t('auth.password.mismatch') } : {}),
  };
}

/**
 * The API's refusal, every error on the field its `source` names (`fields`: source → field),
 * the rest as one message above the form (spec §5 "Server field errors").
 */
export function refusalByField<K extends string>(
  failure: unknown,
  fields: Readonly<Record<string, K>>,
): Partial<Record<K | 'general', string>> {
  const errors: Partial<Record<K | 'general', string>> = {};
  const unplaced: string[] = [];
  for (const item of errorItems(failure)) {
    const field = item.source === undefined ? undefined : fields[item.source];
    if (!field) unplaced.push(item.message ?? '');
    else if (errors[field] === undefined) errors[field] = item.message;
  }
  if (unplaced.length > 0 || Object.keys(errors).length === 0) {
    errors.general = unplaced.filter(Boolean).join(' ') || messageOf(failure);
  }
  return errors;
}

/** The errors without one field's: changing a field clears its own error only (spec §4). */
export function withoutError<E extends object>(errors: E, key: keyof E): E {
  const { [key]: _cleared, ...rest } = errors;
  return rest as E;
}

/** The invitee's name. */
export function InviteeNameField({
  value,
  onChange,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.invitation.name')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      fullWidth
      autoFocus={autoFocus}
      autoComplete="name"
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: USERNAME_MAX_LENGTH, 'data-testid': 'invitation-name' } }}
    />
  );
}
