import { TIMEZONE_RELOAD_DELAY_MS } from '@fleetport/contracts/limits';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, readTimeZone, writeTimeZone } from '../../../shared/lib/browser-settings.ts';
import { deferToast } from '../../../shared/toasts/deferred.ts';

/**
 * Spec §2/§4 "System timezone": browser-guessed or user-chosen (setTimeZone). Saving reloads the
 * page 300 ms later; the toast ('Timezone updated successfully' or 'The default timezone is
 * used') shows on the reloaded page.
 */
export function TimezoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const [zone, setZone] = useState<string | null>(() => readTimeZone() ?? null);
  const browserZone = browserTimeZone();

  const save = () => {
    writeTimeZone(zone ?? undefined);
    deferToast(zone ? t('layout.timezone.updated') : t('layout.timezone.default'), 'success');
    onClose();
    window.setTimeout(() => window.location.reload(), TIMEZONE_RELOAD_DELAY_MS);
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="timezone-title">
      <DialogTitle id="timezone-title">{t('layout.account.timezone')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('layout.timezone.browser', { zone: browserZone })}
        </DialogContentText>
        <Autocomplete
          options={zones}
          value={zone}
          onChange={(_, value) => setZone(value)}
          renderInput={(params) => (
            <TextField {...params} label={t('layout.timezone.label')} placeholder={browserZone} autoFocus />
          )}
          data-testid="timezone-input"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setZone(null)}>{t('layout.timezone.useDefault')}</Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} data-testid="timezone-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
