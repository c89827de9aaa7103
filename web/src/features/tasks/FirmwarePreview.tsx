import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SkippedDevices } from '../../shared/tasks/SkippedDevices.tsx';

/** The dry run in words: how many devices, where, how many wait offline, what is skipped and why, the waves. */
export function PreviewSummary({ preview, canary }: { preview: TaskGroupPreview; canary: boolean }) {
  const { t } = useTranslation();
  const waves = preview.waves
    .map((size, index) =>
      canary && index === 0
        ? t('tasks.firmware.canaryWave', { count: size })
        : t('tasks.firmware.wave', { n: canary ? index : index + 1, count: size }),
    )
    .join(' · ');
  return (
    <Alert
      severity={preview.skipped_total > 0 ? 'warning' : 'info'}
      sx={{ mb: 2 }}
      data-testid="firmware-preview"
    >
      <Typography>
        {t('tasks.firmware.summary', { count: preview.devices, companies: preview.companies })}{' '}
        {preview.offline > 0 && t('tasks.firmware.offline', { count: preview.offline })}{' '}
        {preview.skipped_total > 0 && t('tasks.firmware.skipped', { count: preview.skipped_total })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {waves}
      </Typography>
      <SkippedDevices skipped={preview.skipped} label={t('tasks.firmware.skippedList')} />
    </Alert>
  );
}
