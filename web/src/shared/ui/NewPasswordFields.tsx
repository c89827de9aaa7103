import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@fleetport/contracts/password';
import { useTranslation } from 'react-i18next';
import { ensureArea } from '../lib/i18n.ts';
import { TextInput } from './TextInput.tsx';

// Shared code brings its own strings: the sign-in words (`auth`) load with whatever shows this.
await ensureArea('auth');

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  /** Test ids `<prefix>-password` and `<prefix>-confirmation`. */
  testIdPrefix: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation (reset, invitation): the rule under the first field. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
  testIdPrefix,
  autoFocus,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('auth.reset.newPassword')}
        type="password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        required
        fullWidth
        autoFocus={autoFocus}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password ?? t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
        slotProps={{
          htmlInput: { maxLength: PASSWORD_MAX_LENGTH, 'data-testid': `${testIdPrefix}-password` },
        }}
      />
      <TextInput
        label={t('auth.reset.confirmPassword')}
        type="password"
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        required
        fullWidth
        autoComplete="new-password"
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation}
        slotProps={{
          htmlInput: { maxLength: PASSWORD_MAX_LENGTH, 'data-testid': `${testIdPrefix}-confirmation` },
        }}
      />
    </>
  );
}
