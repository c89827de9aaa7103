import type { TaskGroupPreview } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorItems, messageOf } from '../api/messages.ts';
import { ensureArea } from '../lib/i18n.ts';
import { SkippedDevices } from './SkippedDevices.tsx';

/** The devices list's 'Run a task list' says the dry run in the Task manager's words. */
await ensureArea('tasks');

/** The refusal of a firmware image that fits none of the devices (contracts FIRMWARE_FITS_NONE). */
const FITS_NONE = 'FIRMWARE_FITS_NONE';

/** The dry run's refusal in words: one the console knows in the user's language, else the API's. */
function RefusalText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const first = errorItems(error)[0];
  return <>{first?.code === FITS_NONE ? t('tasks.firmware.fitsNone') : messageOf(error)}</>;
}

/**
 * A task list's dry run (POST /devices/tasks/groups/preview with `action: 'task_list'`) in
 * words: how many devices it runs on (and in how many companies), how many wait offline, and the
 * devices its firmware step leaves out, each with the reason. A refusal is said instead.
 */
export function TaskListPreview({
  preview,
  error,
  checking,
}: {
  preview?: TaskGroupPreview | undefined;
  error?: unknown;
  checking?: boolean | undefined;
}) {
  const { t } = useTranslation();
  if (checking) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="task-list-preview-checking">
        {t('tasks.lists.preview.checking')}
      </Typography>
    );
  }
  if (error) {
    return (
      <Alert severity="error" data-testid="task-list-preview-error">
        <RefusalText error={error} />
      </Alert>
    );
  }
  if (!preview) return null;
  const sentences = [
    t('tasks.lists.preview.summary', { count: preview.devices }),
    preview.companies > 1 ? t('tasks.lists.preview.companies', { n: preview.companies }) : '',
    preview.offline > 0 ? t('tasks.lists.preview.offline', { count: preview.offline }) : '',
    preview.skipped_total > 0 ? t('tasks.lists.preview.skipped', { count: preview.skipped_total }) : '',
  ].filter(Boolean);
  return (
    <Alert
      severity={preview.skipped_total > 0 ? 'warning' : 'info'}
      data-testid="task-list-preview"
      sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
    >
      <Typography variant="body2">{sentences.join(' ')}</Typography>
      <SkippedDevices skipped={preview.skipped} label={t('tasks.lists.preview.skippedList')} />
    </Alert>
  );
}
