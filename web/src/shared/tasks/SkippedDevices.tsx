import type { FirmwareSkipCode, TaskGroupPreview } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ensureArea } from '../lib/i18n.ts';

/** The devices list's dialogs say why a device is skipped in the Task manager's words. */
await ensureArea('tasks');

type Skipped = TaskGroupPreview['skipped'][number];
const FIRMWARE_CODES: readonly string[] = ['model_unknown', 'model_unfit', 'same_version'];

/**
 * A dry run's skipped devices, each with why: a firmware update's in its words (its model, its
 * firmware); another action's by `reason`, else as the API said it.
 */
export function SkippedDevices({
  skipped,
  label,
  reason,
}: {
  skipped: TaskGroupPreview['skipped'];
  label: string;
  reason?: (entry: Skipped) => string;
}) {
  const { t } = useTranslation();
  if (skipped.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={label}>
      {skipped.map((entry) => (
        // A device's name is its owner's text: shown as text.
        <li key={entry.device_id}>
          <Typography variant="body2">
            {entry.device_name}:{' '}
            {reason
              ? reason(entry)
              : FIRMWARE_CODES.includes(entry.code)
                ? t(`tasks.firmware.skip.${entry.code as FirmwareSkipCode}`, {
                    model: entry.model ?? '',
                    firmware: entry.firmware ?? '',
                  })
                : entry.reason}
          </Typography>
        </li>
      ))}
    </Box>
  );
}
