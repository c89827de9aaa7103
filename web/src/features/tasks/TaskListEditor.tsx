import type { CompanyFile } from '@fleetport/contracts/files';
import { TASK_LIST_LIMITS, TASK_LIST_STEP_ACTIONS, type TaskList } from '@fleetport/contracts/tasks';
import { formatBytes } from '@fleetport/contracts/uploads';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpCancelled, withStepUp } from '../../shared/api/step-up.ts';
import { FORM_RUNTIME } from '../../shared/forms/form-runtime.ts';
import { optionListQuery } from '../../shared/forms/option-source.ts';
import { useSignedInUser } from '../../shared/lib/auth.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { actionName } from '../../shared/tasks/task-words.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { createTaskList } from './api/create-task-list.ts';
import { useFirmwareImages } from './api/firmware-update.ts';
import { TASK_LISTS_KEY } from './api/list-task-lists.ts';
import { updateTaskList } from './api/update-task-list.ts';
import {
  addStep,
  canAddStep,
  changeStep,
  checkedRequest,
  draftOf,
  draftProblems,
  firmwareTakenElsewhere,
  moveStep,
  NO_PROBLEMS,
  type Problems,
  removeStep,
  type StepDraft,
  serverProblems,
  type TaskListDraft,
} from './task-list-form.ts';

// The contract's problems are said in the form engine's words (forms.validation.*).
await ensureArea('forms');

/** The companies the user sees, as the form engine's company pickers ask for them (one cache). */
const COMPANIES = { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } } as const;

/** A firmware image as the step's select offers it: version, families, size, whose it is. */
function imageLabel(t: TFunction, file: CompanyFile): string {
  return t('tasks.firmware.imageOption', {
    version: file.version ?? file.name,
    families: (file.families ?? []).join(', '),
    size: formatBytes(file.size),
    owner: file.global ? t('tasks.firmware.catalogue') : (file.company_name ?? ''),
  });
}

interface StepProps {
  step: StepDraft;
  index: number;
  steps: readonly StepDraft[];
  images: readonly { value: string; label: string }[];
  problems: Record<string, string>;
  onChange: (steps: StepDraft[], touched: string) => void;
  /** The steps moved or one went: the problems named by position no longer hold. */
  onReorder: (steps: StepDraft[]) => void;
}

/** One step: its action, what the action needs (a command, an image), and its place in the list. */
function StepRow({ step, index, steps, images, problems, onChange, onReorder }: StepProps) {
  const { t } = useTranslation();
  const n = index + 1;
  const problem = (field: string) => problems[`steps.${index}.${field}`];
  const set = (change: Partial<StepDraft>, field: string) =>
    onChange(changeStep(steps, index, change), `steps.${index}.${field}`);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="task-list-step">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="span" sx={{ fontWeight: 600, minWidth: 64, flexShrink: 0 }}>
          {t('tasks.lists.step', { n })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('tasks.lists.action')}
          value={step.action}
          onChange={(event) => set({ action: event.target.value as StepDraft['action'] }, 'action')}
          error={Boolean(problem('action'))}
          helperText={problem('action')}
          sx={{ flex: 1, minWidth: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'task-list-step-action' } }}
        >
          {TASK_LIST_STEP_ACTIONS.map((action) => (
            <MenuItem
              key={action}
              value={action}
              // A list updates the firmware once at most.
              disabled={action === 'firmware.update' && firmwareTakenElsewhere(steps, index)}
            >
              {actionName(t, action)}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label={t('tasks.lists.moveUp', { n })}
          title={t('tasks.lists.moveUp', { n })}
          disabled={index === 0}
          onClick={() => onReorder(moveStep(steps, index, -1))}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('tasks.lists.moveDown', { n })}
          title={t('tasks.lists.moveDown', { n })}
          disabled={index === steps.length - 1}
          onClick={() => onReorder(moveStep(steps, index, 1))}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={t('tasks.lists.remove', { n })}
          title={t('tasks.lists.remove', { n })}
          disabled={steps.length <= TASK_LIST_LIMITS.steps.min}
          onClick={() => onReorder(removeStep(steps, index))}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
      {step.action === 'cli' && (
        <TextField
          size="small"
          fullWidth
          required
          label={t('tasks.lists.command')}
          value={step.command}
          onChange={(event) => set({ command: event.target.value }, 'command')}
          error={Boolean(problem('command'))}
          helperText={problem('command')}
          sx={{ mt: 1.5 }}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'task-list-step-command' } }}
        />
      )}
      {step.action === 'firmware.update' && (
        <TextField
          select
          size="small"
          fullWidth
          required
          label={t('tasks.lists.image')}
          value={images.some((image) => image.value === step.fileId) ? step.fileId : ''}
          onChange={(event) => set({ fileId: event.target.value }, 'file_id')}
          error={Boolean(problem('file_id'))}
          helperText={problem('file_id') ?? t('tasks.lists.imageHint')}
          sx={{ mt: 1.5 }}
          slotProps={{ htmlInput: { 'data-testid': 'task-list-step-image' } }}
        >
          {images.length === 0 && (
            <MenuItem value="" disabled>
              {t('tasks.firmware.noImages')}
            </MenuItem>
          )}
          {images.map((image) => (
            <MenuItem key={image.value} value={image.value}>
              {image.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Paper>
  );
}

/**
 * New task list and Edit task list (Execute task list): a name, the company it belongs to (asked
 * only of users who see several; a list stays in its company), and its steps in order: added,
 * removed, moved up and down, each an action with its command or firmware image. Checked against
 * the API's own schema before it is sent; the API's refusals show on the field they name.
 *
 * The steps are an ordered list of rows of different shapes, which the form engine's field kinds
 * do not hold: the editor keeps its values itself, with the engine's contract check and wording,
 * and sends through the same re-confirmations (423 password, MFA) as an engine form.
 */
export function TaskListEditor({ list }: { list?: TaskList | undefined }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TaskListDraft>(() => draftOf(list, user.company_id));
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const companies = useQuery(optionListQuery(COMPANIES, COMPANIES.params));
  const firmware = useFirmwareImages();
  const companyOptions = (companies.data ?? []).map((item) => ({
    value: Number(item.id),
    label: String(item.name ?? item.id),
  }));
  const images = useMemo(() => {
    const options = (firmware.data ?? []).map((file) => ({
      value: String(file.id),
      label: imageLabel(t, file),
    }));
    // The list's own image, when it is not among the newest the user sees.
    for (const step of list?.steps ?? []) {
      if (step.action !== 'firmware.update' || step.file_name === null) continue;
      if (!options.some((option) => option.value === String(step.file_id))) {
        options.push({ value: String(step.file_id), label: step.version ?? step.file_name });
      }
    }
    return options;
  }, [firmware.data, list, t]);

  const clear = (...fields: string[]) =>
    setProblems((before) => ({
      general: before.general,
      fields: Object.fromEntries(Object.entries(before.fields).filter(([key]) => !fields.includes(key))),
    }));
  const setSteps = (steps: StepDraft[], touched: string) => {
    setDraft((before) => ({ ...before, steps }));
    clear(touched, 'steps');
  };
  const reorder = (steps: StepDraft[]) => {
    setDraft((before) => ({ ...before, steps }));
    setProblems((before) => ({
      general: before.general,
      fields: Object.fromEntries(Object.entries(before.fields).filter(([key]) => !key.startsWith('steps'))),
    }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(t, draft);
    const body = checkedRequest(draft);
    if (!body || Object.keys(found.fields).length > 0) {
      setProblems(found);
      return;
    }
    setBusy(true);
    setProblems(NO_PROBLEMS);
    try {
      const saved = await withStepUp(
        (extra) => (list ? updateTaskList(list.id, body, extra) : createTaskList(body, extra)),
        FORM_RUNTIME.prompts,
      );
      toast(t(list ? 'tasks.lists.saved' : 'tasks.lists.created', { name: saved.name }), { type: 'success' });
      close();
      await queryClient.invalidateQueries({ queryKey: TASK_LISTS_KEY });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setProblems(serverProblems(t, error));
    } finally {
      setBusy(false);
    }
  };

  const fields = problems.fields;
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      sx={{ minWidth: { sm: 520 } }}
      data-testid="task-list-editor"
    >
      <Stack spacing={2}>
        {problems.general.length > 0 && (
          <Alert severity="error" data-testid="task-list-errors">
            {problems.general.map((message) => (
              <Box key={message}>{message}</Box>
            ))}
          </Alert>
        )}
        <TextField
          required
          label={t('tasks.lists.name')}
          value={draft.name}
          onChange={(event) => {
            setDraft((before) => ({ ...before, name: event.target.value }));
            clear('name');
          }}
          error={Boolean(fields.name)}
          helperText={fields.name}
          slotProps={{ htmlInput: { maxLength: TASK_LIST_LIMITS.nameMax, 'data-testid': 'task-list-name' } }}
        />
        {(companyOptions.length > 1 || fields.company_id) && (
          <TextField
            select
            required
            label={t('tasks.lists.company')}
            value={companyOptions.some((option) => option.value === draft.companyId) ? draft.companyId : ''}
            onChange={(event) => {
              setDraft((before) => ({ ...before, companyId: Number(event.target.value) }));
              clear('company_id');
            }}
            // A saved list stays in its company (the API keeps it there).
            disabled={Boolean(list)}
            error={Boolean(fields.company_id)}
            helperText={fields.company_id ?? (list ? t('tasks.lists.companyFixed') : undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'task-list-company' } }}
          >
            {companyOptions.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box component="section" aria-labelledby="task-list-steps">
          <Typography variant="subtitle1" component="h3" id="task-list-steps" sx={{ fontWeight: 600 }}>
            {t('tasks.lists.steps')}
          </Typography>
          <Typography
            variant="body2"
            color={fields.steps ? 'error' : 'text.secondary'}
            sx={{ mb: 1.5 }}
            data-testid="task-list-steps-hint"
          >
            {fields.steps ?? t('tasks.lists.stepsHint', { max: TASK_LIST_LIMITS.steps.max })}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {draft.steps.map((step, index) => (
              <StepRow
                key={step.key}
                step={step}
                index={index}
                steps={draft.steps}
                images={images}
                problems={fields}
                onChange={setSteps}
                onReorder={reorder}
              />
            ))}
          </Stack>
          <Button
            startIcon={<AddIcon />}
            onClick={() => reorder(addStep(draft.steps))}
            disabled={!canAddStep(draft.steps)}
            sx={{ mt: 1 }}
            data-testid="task-list-add-step"
          >
            {t('tasks.lists.addStep')}
          </Button>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('tasks.lists.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="task-list-save">
            {list ? t('tasks.lists.save') : t('tasks.lists.create')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
