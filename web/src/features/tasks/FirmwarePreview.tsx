import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

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
      {preview.skipped.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={t('tasks.firmware.skippedList')}>
          {preview.skipped.map((entry) => (
            // A device's name is its owner's text: shown as text.
            <li key={entry.device_id}>
              <Typography variant="body2">
                {entry.device_name}:{' '}
                {t(`tasks.firmware.skip.${entry.code}`, {
                  model: entry.model ?? '',
                  firmware: entry.firmware ?? '',
                })}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
