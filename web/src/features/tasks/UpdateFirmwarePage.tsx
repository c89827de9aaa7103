import type { CompanyFile } from '@fleetport/contracts/files';
import type { TaskGroup, TaskGroupPreview } from '@fleetport/contracts/tasks';
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
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorItems, messageOf } from '../../shared/api/messages.ts';
import { api } from '../../shared/lib/api.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { TASK_GROUPS_URL } from './api/list-task-groups.ts';
import { groupAddress } from './TaskGroupsList.tsx';

type Target = 'chosen' | 'tag' | 'model';

interface Values {
  target: Target;
  tagId: string;
  model: string;
  fileId: string;
  startsAt: string;
  windowOn: boolean;
  windowStart: string;
  windowEnd: string;
  canary: string;
  waves: string;
  threshold: string;
  deadline: string;
}

const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The request of POST /devices/tasks/groups (and its preview) these values make. */
function requestOf(values: Values, ids: readonly number[]) {
  const target =
    values.target === 'chosen'
      ? { device_ids: ids }
      : values.target === 'tag'
        ? { filter: { tag_id: numberOrUndefined(values.tagId) } }
        : { filter: { model: values.model.trim() || undefined } };
  return {
    action: 'firmware.update',
    ...target,
    file_id: numberOrUndefined(values.fileId),
    ...(values.startsAt ? { starts_at: new Date(values.startsAt).toISOString() } : {}),
    ...(values.windowOn ? { window: { start: values.windowStart, end: values.windowEnd } } : {}),
    canary_percent: numberOrUndefined(values.canary),
    wave_count: numberOrUndefined(values.waves),
    failure_threshold: numberOrUndefined(values.threshold),
    deadline_hours: numberOrUndefined(values.deadline),
  };
}

/** The form field an error item of the API belongs to. */
const FIELD_OF: Record<string, keyof Values> = {
  device_ids: 'target',
  'filter.tag_id': 'tagId',
  'filter.model': 'model',
  file_id: 'fileId',
  starts_at: 'startsAt',
  'window.start': 'windowStart',
  'window.end': 'windowEnd',
  canary_percent: 'canary',
  wave_count: 'waves',
  failure_threshold: 'threshold',
  deadline_hours: 'deadline',
};

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
  const firmware = useQuery({
    queryKey: ['files', 'firmware-options'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: CompanyFile[] }>('/files', {
          params: { kind: 'firmware', limit: 100, sort: '-created_at' },
          signal,
        })
      ).data.data,
  });
  const tags = useQuery({
    queryKey: ['tags', 'firmware-options'],
    queryFn: async ({ signal }) =>
      (
        await api.http.get<{ data: { id: number; name: string }[] }>('/tags', {
          params: { limit: 100 },
          signal,
        })
      ).data.data,
  });
  const manages = can(user, 'manage_device_task_groups');

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((before) => ({ ...before, [key]: value }));
      // What the dry run said no longer holds once the question changes.
      setPreview(undefined);
      setProblem(undefined);
    };

  const send = async (path: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      return (await api.http.post(path, requestOf(values, ids))).data.data as unknown;
    } catch (error) {
      const fields: Partial<Record<keyof Values, string>> = {};
      for (const item of errorItems(error)) {
        const field = item.source ? FIELD_OF[item.source] : undefined;
        if (field && item.message) fields[field] ??= item.message;
      }
      setProblem({ message: messageOf(error), fields });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const answer = (await send(`${TASK_GROUPS_URL}/preview`)) as TaskGroupPreview | undefined;
    if (answer) setPreview(answer);
  };
  const start = async () => {
    const group = (await send(TASK_GROUPS_URL)) as TaskGroup | undefined;
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
          <TextField
            type="number"
            label={t('tasks.firmware.canary')}
            value={values.canary}
            onChange={(event) => set('canary')(event.target.value)}
            {...field('canary')}
            slotProps={{ htmlInput: { min: 1, max: 50, 'data-testid': 'firmware-canary' } }}
          />
          <TextField
            type="number"
            label={t('tasks.firmware.waves')}
            value={values.waves}
            onChange={(event) => set('waves')(event.target.value)}
            {...field('waves')}
            slotProps={{ htmlInput: { min: 1, max: 20, 'data-testid': 'firmware-waves' } }}
          />
          <TextField
            type="number"
            label={t('tasks.firmware.threshold')}
            value={values.threshold}
            onChange={(event) => set('threshold')(event.target.value)}
            {...field('threshold')}
            slotProps={{ htmlInput: { min: 1, max: 100, 'data-testid': 'firmware-threshold' } }}
          />
          <TextField
            type="number"
            label={t('tasks.firmware.deadline')}
            value={values.deadline}
            onChange={(event) => set('deadline')(event.target.value)}
            {...field('deadline')}
            slotProps={{ htmlInput: { min: 1, max: 720 } }}
          />
        </Box>
      </Paper>

      {problem && (
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

/** The dry run in words: how many devices, where, how many wait offline, what is skipped and why, the waves. */
function PreviewSummary({ preview, canary }: { preview: TaskGroupPreview; canary: boolean }) {
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
                {entry.device_name}: {entry.reason}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
