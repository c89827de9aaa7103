import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MfaChallenge, StepUpPrompts } from '../shared/api/step-up.ts';
import { MfaCodeField } from './MfaCodeField.tsx';

type Pending =
  | { kind: 'code'; challenge: MfaChallenge; error?: string | undefined }
  | { kind: 'password'; error?: string | undefined };

/**
 * The two re-confirmation prompts of spec §2/§4: 'Enter authentication code' (one required
 * field Code, Confirm) and the password prompt after a 423 (input label Password).
 * Returns the prompts for withStepUp() and the dialog element to render.
 */
export function useStepUpPrompts(): { prompts: StepUpPrompts; dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | undefined>();
  const [value, setValue] = useState('');
  const resolver = useRef<((value: string | undefined) => void) | undefined>(undefined);

  const ask = useCallback((next: Pending) => {
    setValue('');
    setPending(next);
    return new Promise<string | undefined>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const finish = (result: string | undefined) => {
    setPending(undefined);
    resolver.current?.(result);
    resolver.current = undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) finish(value);
  };

  const prompts = useMemo<StepUpPrompts>(
    () => ({
      code: (challenge, error) => ask({ kind: 'code', challenge, error }),
      password: (error) => ask({ kind: 'password', error }),
    }),
    [ask],
  );

  const dialog = (
    <Dialog
      open={pending !== undefined}
      onClose={() => finish(undefined)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="step-up-title"
    >
      <form onSubmit={submit}>
        <DialogTitle id="step-up-title">
          {pending?.kind === 'password' ? t('stepUp.passwordTitle') : t('stepUp.codeTitle')}
        </DialogTitle>
        <DialogContent>
          {pending?.kind === 'code' && (
            <MfaCodeField
              challenge={pending.challenge}
              value={value}
              onChange={setValue}
              error={pending.error}
            />
          )}
          {pending?.kind === 'password' && (
            <TextField
              label={t('auth.fields.password')}
              type="password"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              required
              fullWidth
              autoFocus
              autoComplete="current-password"
              error={Boolean(pending.error)}
              helperText={pending.error ?? t('stepUp.passwordHint')}
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'step-up-password' } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(undefined)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!value} data-testid="step-up-confirm">
            {t('auth.mfa.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
  return { prompts, dialog };
}
