import type { MfaState, TotpSetup } from '@fleetport/contracts/mfa';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstErrorItem, messageOf } from '../../shared/api/messages.ts';
import { StepUpCancelled } from '../../shared/api/step-up.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { TextInput } from '../../shared/ui/TextInput.tsx';
import { useDisableMfa } from './api/disable-mfa.ts';
import { useEnableEmailMfa } from './api/enable-email-mfa.ts';
import { useEnableTotp } from './api/enable-totp.ts';
import { useSetupTotp } from './api/setup-totp.ts';

type MfaType = MfaState['mfa_type'];

/**
 * MFA settings: enrol an authenticator app with a QR code, switch to e-mail codes, or turn MFA
 * off with re-confirmation (423 password, then the current factor). Used by the account page and
 * by the 'MFA mandatory' notice, where enrolment is the way in.
 */
export function MfaSettings({
  mfaType,
  onChanged,
}: {
  mfaType: MfaType;
  onChanged: (type: MfaType) => void;
}) {
  const { t } = useTranslation();
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const enableEmail = useEnableEmailMfa();
  const turnOff = useDisableMfa();
  const [enrolment, setEnrolment] = useState<TotpSetup | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      if (!(failure instanceof StepUpCancelled)) setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const startTotp = () =>
    run(async () => {
      setEnrolment(await setup.mutateAsync());
      setCode('');
      setCodeError(undefined);
    });

  const confirmTotp = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await enable.mutateAsync({ code });
      } catch (failure) {
        const item = firstErrorItem(failure);
        if (item?.source === 'code') {
          setCodeError(item.message);
          return;
        }
        throw failure;
      }
      setEnrolment(undefined);
      toast(t('account.mfa.totpEnabled'), { type: 'success' });
      onChanged('totp');
    });
  };

  const useEmail = () =>
    run(async () => {
      await enableEmail.mutateAsync();
      toast(t('account.mfa.emailEnabled'), { type: 'success' });
      onChanged('email');
    });

  const disable = () =>
    run(async () => {
      await turnOff.mutateAsync();
      toast(t('account.mfa.disabled'), { type: 'success' });
      onChanged(null);
    });

  return (
    <Stack spacing={2} data-testid="mfa-settings">
      <Typography data-testid="mfa-status">
        {mfaType === 'totp'
          ? t('account.mfa.statusTotp')
          : mfaType === 'email'
            ? t('account.mfa.statusEmail')
            : t('account.mfa.statusOff')}
      </Typography>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {enrolment ? (
        <Stack component="form" spacing={2} onSubmit={confirmTotp}>
          <Typography variant="body2">{t('account.mfa.scan')}</Typography>
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt={t('account.mfa.qrAlt')}
            sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }}
            data-testid="totp-qr"
          />
          <Typography variant="body2">
            {t('account.mfa.secret')}{' '}
            <Box component="code" sx={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {enrolment.secret}
            </Box>
          </Typography>
          <TextInput
            label={t('auth.mfa.code')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.trim());
              setCodeError(undefined);
            }}
            required
            autoComplete="one-time-code"
            error={Boolean(codeError)}
            helperText={codeError ?? t('auth.mfa.totpHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, 'data-testid': 'totp-code' } }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={busy || !code} data-testid="totp-enable">
              {t('account.mfa.enable')}
            </Button>
            <Button onClick={() => setEnrolment(undefined)} disabled={busy}>
              {t('common.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant={mfaType === 'totp' ? 'outlined' : 'contained'}
            onClick={startTotp}
            disabled={busy}
            data-testid="totp-setup"
          >
            {mfaType === 'totp' ? t('account.mfa.totpReplace') : t('account.mfa.totpSetup')}
          </Button>
          {mfaType !== 'email' && (
            <Button variant="outlined" onClick={useEmail} disabled={busy} data-testid="email-enable">
              {t('account.mfa.useEmail')}
            </Button>
          )}
          {mfaType !== null && (
            <Button color="error" onClick={disable} disabled={busy} data-testid="mfa-disable">
              {t('account.mfa.disable')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
