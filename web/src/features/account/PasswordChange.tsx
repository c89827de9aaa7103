import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';
import { StepUpCancelled } from '../../shared/api/step-up.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useChangePassword } from './api/change-password.ts';

type Field = 'current_password' | 'password' | 'confirmation';

/** Password change (PUT /account/password): current, new twice; MFA step-up when enrolled. */
export function PasswordChange() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    password: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'general', string>>>({});
  const [busy, setBusy] = useState(false);
  const change = useChangePassword();

  const set = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setErrors((old) => ({ ...old, [field]: undefined, general: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Every bad field at once, not one per submit.
    const problems = {
      ...(values.password.length < PASSWORD_MIN_LENGTH
        ? { password: t('auth.password.tooShort', { min: PASSWORD_MIN_LENGTH }) }
        : {}),
      ...(values.password !== values.confirmation ? { confirmation: t('auth.password.mismatch') } : {}),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await change.mutateAsync({ current_password: values.current_password, password: values.password });
      setValues({ current_password: '', password: '', confirmation: '' });
      toast(t('account.password.changed'), { type: 'success' });
    } catch (failure) {
      if (failure instanceof StepUpCancelled) return;
      const item = firstErrorItem(failure);
      if (item?.source === 'current_password') setErrors({ current_password: item.message });
      else if (item?.source === 'password') {
        // Spec §5: a password error also blanks the confirmation.
        setValues((old) => ({ ...old, confirmation: '' }));
        setErrors({ password: item.message });
      } else setErrors({ general: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextInput
      label={label}
      type="password"
      value={values[name]}
      onChange={(event) => set(name)(event.target.value)}
      required
      fullWidth
      autoComplete={autoComplete}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? hint}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH, 'data-testid': `password-${name}` } }}
    />
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} sx={{ maxWidth: 420 }}>
      {errors.general && <ErrorAlert>{errors.general}</ErrorAlert>}
      {field('current_password', t('account.password.current'), 'current-password')}
      {field(
        'password',
        t('auth.reset.newPassword'),
        'new-password',
        t('auth.password.rule', { min: PASSWORD_MIN_LENGTH }),
      )}
      {field('confirmation', t('auth.reset.confirmPassword'), 'new-password')}
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="password-submit"
      >
        {t('account.password.submit')}
      </Button>
    </Stack>
  );
}
