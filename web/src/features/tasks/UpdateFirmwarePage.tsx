import type { FIRMWARE_FITS_NONE, TaskGroupPreview } from '@fleetport/contracts/tasks';
import { formatBytes } from '@fleetport/contracts/uploads';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import {
  createTaskGroup,
  previewTaskGroup,
  useFirmwareImages,
  useTagChoices,
} from './api/firmware-update.ts';
import { PreviewSummary } from './FirmwarePreview.tsx';
import { CAMPAIGN_FIELDS, FIELD_OF, requestOf, type Target, type Values } from './firmware-request.ts';

/** The refusal of an image that fits none of the devices (contracts/src/tasks.ts). */
const FITS_NONE: typeof FIRMWARE_FITS_NONE = 'FIRMWARE_FITS_NONE';

import { groupAddress } from './TaskGroupsList.tsx';

/**
 * Update firmware (`/management/update-firmware`, spec §2; issue 21 §4): which devices (the
 * devices list's selection, a tag, or every device of a model), which image (only those that fit
 * a device's model family go to it; the others are listed as skipped with the reason), when (now,
 * later, inside a daily maintenance window in the company's time zone), and how: a canary share
 * first, then waves, pausing by itself when a wave fails past the threshold. 'Check' is a dry run;
 * 'Start update' makes the task group and opens its progress.
 */
export default function UpdateFirmwarePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ids = useMemo(
    () =>
      (search.get('device_ids') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    [search],
  );
  const [values, setValues] = useState<Values>({
    target: ids.length > 0 ? 'chosen' : 'tag',
    tagId: search.get('tag_id') ?? '',
    model: '',
    fileId: '',
    startsAt: '',
    windowOn: false,
    windowStart: '22:00',
    windowEnd: '04:00',
    canary: '5',
    waves: '3',
    threshold: '20',
    deadline: '168',
  });
  const [preview, setPreview] = useState<TaskGroupPreview | undefined>();
  const [problem, setProblem] = useState<{
    message: string;
    fields: Partial<Record<keyof Values, string>>;
  }>();
  const [busy, setBusy] = useState(false);
  const firmware = useFirmwareImages();
  const tags = useTagChoices();
  const manages = can(user, 'manage_device_task_groups');

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((before) => ({ ...before, [key]: value }));
      // What the dry run said no longer holds once the question changes.
      setPreview(undefined);
      setProblem(undefined);
    };

  const send = async <T,>(call: (body: unknown) => Promise<T>): Promise<T | undefined> => {
    // Said on the field (only there) before anything is asked: the API's words are a developer's.
    if (values.fileId === '') {
      const words = t('tasks.firmware.chooseImage');
      setProblem({ message: '', fields: { fileId: words } });
      return undefined;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      return await call(requestOf(values, ids));
    } catch (error) {
      const fields: Partial<Record<keyof Values, string>> = {};
      // The API's words are English; a refusal the console knows is said in the user's language.
      const words = (item: { code?: string; message?: string }) =>
        item.code === FITS_NONE ? t('tasks.firmware.fitsNone') : item.message;
      const items = errorItems(error);
      for (const item of items) {
        const field = item.source ? FIELD_OF[item.source] : undefined;
        const message = words(item);
        if (field && message) fields[field] ??= message;
      }
      const first = items[0];
      setProblem({ message: (first && words(first)) || messageOf(error), fields });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await send(previewTaskGroup);
    if (answer) setPreview(answer);
  };
  const start = async () => {
    const group = await send(createTaskGroup);
    if (!group) return;
    toast(t('tasks.firmware.started', { count: group.total }), { type: 'success' });
    navigate(`${pathOf('task-manager')}${groupAddress(group.id)}`);
  };

  const error = (key: keyof Values) => problem?.fields[key];
  const field = (key: keyof Values) => ({
    error: Boolean(error(key)),
    helperText: error(key),
  });

  return (
    <Box component="form" onSubmit={check} noValidate sx={{ maxWidth: 880 }} data-testid="update-firmware">
      {/* The shell shows the page's title (the route's); this says what the page does. */}
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tasks.firmware.intro')}
      </Typography>
      {!manages && <Alert severity="info">{t('tasks.firmware.readOnly')}</Alert>}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('tasks.firmware.which')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            select
            label={t('tasks.firmware.target')}
            value={values.target}
            onChange={(event) => set('target')(event.target.value as Target)}
            {...field('target')}
            slotProps={{ htmlInput: { 'data-testid': 'firmware-target' } }}
          >
            {ids.length > 0 && (
              <MenuItem value="chosen">{t('tasks.firmware.chosen', { count: ids.length })}</MenuItem>
            )}
            <MenuItem value="tag">{t('tasks.firmware.byTag')}</MenuItem>
            <MenuItem value="model">{t('tasks.firmware.byModel')}</MenuItem>
          </TextField>
          {values.target === 'tag' && (
            <TextField
              select
              label={t('tasks.firmware.tag')}
              value={values.tagId}
              onChange={(event) => set('tagId')(event.target.value)}
              {...field('tagId')}
              slotProps={{ htmlInput: { 'data-testid': 'firmware-tag' } }}
            >
              {(tags.data ?? []).map((tag) => (
                <MenuItem key={tag.id} value={String(tag.id)}>
                  {tag.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {values.target === 'model' && (
            <TextField
              label={t('tasks.firmware.model')}
              value={values.model}
              onChange={(event) => set('model')(event.target.value)}
              {...field('model')}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'firmware-model' } }}
            />
          )}
          <TextField
            select
            label={t('tasks.firmware.image')}
            value={values.fileId}
            onChange={(event) => set('fileId')(event.target.value)}
            error={Boolean(error('fileId'))}
            helperText={error('fileId') ?? t('tasks.firmware.imageHint')}
            slotProps={{ htmlInput: { 'data-testid': 'firmware-image' } }}
          >
            {(firmware.data ?? []).length === 0 && (
              <MenuItem value="" disabled>
                {t('tasks.firmware.noImages')}
              </MenuItem>
            )}
            {(firmware.data ?? []).map((file) => (
              <MenuItem key={file.id} value={String(file.id)}>
                {t('tasks.firmware.imageOption', {
                  version: file.version ?? file.name,
                  families: (file.families ?? []).join(', '),
                  size: formatBytes(file.size),
                  owner: file.global ? t('tasks.firmware.catalogue') : (file.company_name ?? ''),
                })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('tasks.firmware.when')}
        </Typography>
        <Stack spacing={2}>
          <TextField
            type="datetime-local"
            label={t('tasks.firmware.startsAt')}
            value={values.startsAt}
            onChange={(event) => set('startsAt')(event.target.value)}
            error={Boolean(error('startsAt'))}
            helperText={error('startsAt') ?? t('tasks.firmware.startsAtHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={values.windowOn}
                onChange={(event) => set('windowOn')(event.target.checked)}
              />
            }
            label={t('tasks.firmware.window')}
          />
          {values.windowOn && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                type="time"
                label={t('tasks.firmware.windowStart')}
                value={values.windowStart}
                onChange={(event) => set('windowStart')(event.target.value)}
                {...field('windowStart')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                label={t('tasks.firmware.windowEnd')}
                value={values.windowEnd}
                onChange={(event) => set('windowEnd')(event.target.value)}
                error={Boolean(error('windowEnd'))}
                helperText={error('windowEnd') ?? t('tasks.firmware.windowHint')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          )}
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('tasks.firmware.how')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('tasks.firmware.howHint')}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, gap: 2 }}>
          {CAMPAIGN_FIELDS.map(({ key, label, min, max, testId }) => (
            <TextField
              key={key}
              type="number"
              label={t(label)}
              value={values[key]}
              onChange={(event) => set(key)(event.target.value)}
              {...field(key)}
              slotProps={{ htmlInput: { min, max, 'data-testid': testId } }}
            />
          ))}
        </Box>
      </Paper>

      {problem?.message && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="firmware-problem">
          {problem.message}
        </Alert>
      )}
      {preview && <PreviewSummary preview={preview} canary={values.canary.trim() !== ''} />}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="outlined" disabled={busy || !manages} data-testid="firmware-check">
          {t('tasks.firmware.check')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !manages || !preview}
          onClick={() => void start()}
          data-testid="firmware-start"
        >
          {t('tasks.firmware.start')}
        </Button>
      </Stack>
    </Box>
  );
}
