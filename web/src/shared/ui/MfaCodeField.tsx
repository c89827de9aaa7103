import { useTranslation } from 'react-i18next';
import type { MfaChallenge } from '../api/step-up.ts';
import { ensureArea } from '../lib/i18n.ts';
import { TextInput } from './TextInput.tsx';

// Shared code brings its own strings: the sign-in words (`auth`) load with whatever shows this.
await ensureArea('auth');

/**
 * The code field of an MFA step (spec §2 'Enter authentication code': one required field Code).
 * Its hint names the method; the identity-provider method of single sign-on slots in here.
 */
export function MfaCodeField({
  challenge,
  value,
  onChange,
  error,
}: {
  challenge: MfaChallenge;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const hint =
    challenge.method === 'email'
      ? t('auth.mfa.emailHint')
      : challenge.method === 'totp'
        ? t('auth.mfa.totpHint')
        : t('auth.mfa.idpHint');
  return (
    <TextInput
      label={t('auth.mfa.code')}
      value={value}
      onChange={(event) => onChange(event.target.value.trim())}
      required
      fullWidth
      autoFocus
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12, 'data-testid': 'mfa-code' } }}
      error={Boolean(error)}
      helperText={error ?? hint}
    />
  );
}
