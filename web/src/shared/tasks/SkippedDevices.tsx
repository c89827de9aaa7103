import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ensureArea } from '../lib/i18n.ts';

/** The devices list's dialogs say why a device is skipped in the Task manager's words. */
await ensureArea('tasks');

/** A dry run's skipped devices, each with why (its model, its firmware). */
export function SkippedDevices({ skipped, label }: { skipped: TaskGroupPreview['skipped']; label: string }) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={label}>
      {skipped.map((entry) => (
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
  );
}
