import { CONFIG_ROLLBACK_S } from '@fleetport/contracts/device-config';
import { TASK_DEADLINE_HOURS, type TaskGroupPreview } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { targetDevicesQuery } from './api/configure-devices.ts';
import { createTaskGroup, previewTaskGroup } from './api/firmware-update.ts';
import { ConfigChangesStep } from './ConfigChangesStep.tsx';
import { ConfigPreview } from './ConfigPreview.tsx';
import { ConfigureTargetStep, targetFilter } from './ConfigureTargetStep.tsx';
import {
  type ConfigureValues,
  initialValues,
  type Placed,
  placeServerErrors,
  requestOf,
  sectionProblems,
  uniqueRows,
} from './configure-request.ts';
import { groupAddress } from './TaskGroupsList.tsx';
import { TemplateChoice } from './TemplateChoice.tsx';
import { UniqueValuesStep } from './UniqueValuesStep.tsx';
import { rowProblems } from './unique-values.ts';

const STEPS = ['devices', 'changes', 'unique', 'confirm'] as const;
const NO_PROBLEMS: Placed = { sections: {}, rows: [], general: [] };

/**
 * Configure devices (`/management/configure-devices`, spec §2 Multi-config; issue 22), a stepper
 * on one page: 1. the devices (the devices list's selection, a tag, a company); 2. what every
 * device gets (sections and the options ticked, checked with the contract's schemas as typed);
 * 3. Set unique (optional: a value per device, typed or from a CSV file, checked by row or line
 * before anything is sent); 4. Confirm: the dry run in one sentence, the companies, the diff per
 * device, the rollback time; Apply makes the task group and opens it (live status and logs).
 * Every refusal of the API goes back to its step and field; nothing typed is lost.
 */
export default function ConfigureDevicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const manages = can(useSignedInUser(), 'manage_device_task_groups');
  const [search] = useSearchParams();
  const ids = useMemo(
    () =>
      (search.get('device_ids') ?? '')
        .split(',')
        .map(Number)
        .filter((id) => Number.isInteger(id) && id > 0),
    [search],
  );
  const [values, setValues] = useState<ConfigureValues>(() =>
    initialValues(ids, search.get('tag_id') ?? '', search.get('template_id') ?? ''),
  );
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<TaskGroupPreview>();
  const [server, setServer] = useState<Placed>(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);

  const filter = targetFilter(values);
  const target = values.target === 'chosen' ? { ids } : filter && { filter };
  const devices = useQuery({
    ...targetDevicesQuery(target ?? { ids: [] }),
    enabled: target !== undefined && values.unique.length > 0,
  });
  const serials = useMemo(() => (devices.data ?? []).map((device) => device.serial), [devices.data]);
  const rows = uniqueRows(values, serials);

  // The browser's own checks, as typed; the API's refusals are kept until the values change.
  const sections = useMemo(() => sectionProblems(t, values.sections), [t, values.sections]);
  const rowWhere = (index: number) =>
    values.source === 'file'
      ? t('tasks.configure.csv.onLine', { line: rows[index]?.line ?? 0 })
      : t('tasks.configure.unique.onRow', { row: index + 1 });
  const ownRows =
    values.unique.length > 0 && values.source === 'table'
      ? rowProblems(t, values.unique, rows, rowWhere)
      : [];
  const tableProblems = [...ownRows, ...(values.source === 'table' ? server.rows : [])];
  const lineProblems =
    values.source === 'file'
      ? [
          ...values.fileProblems,
          ...server.rows.map((problem) => ({
            line: values.fileRows[problem.index]?.line ?? problem.index + 2,
            message: `${problem.column}: ${problem.message}`,
          })),
        ]
      : [];
  const common = useMemo(
    () =>
      new Set(
        values.sections.flatMap((section) =>
          Object.keys(section.values).map((option) => `${section.name}.${option}`),
        ),
      ),
    [values.sections],
  );
  const ticked = common.size > 0;

  const change = (patch: Partial<ConfigureValues>) => {
    setValues((before) => ({ ...before, ...patch }));
    // What the dry run said, and what the API refused, no longer hold once the question changes.
    setPreview(undefined);
    setServer(NO_PROBLEMS);
  };

  /** Where each step stands: a problem keeps Next (and Confirm) back. */
  const stepProblem = [
    server.target ?? (values.target !== 'chosen' && !filter ? t('tasks.configure.chooseTarget') : undefined),
    Object.keys(sections).length > 0 || Object.keys(server.sections).length > 0 || server.template
      ? t('tasks.configure.fixFields')
      : !ticked && values.unique.length === 0 && !values.templateId
        ? t('tasks.configure.nothing')
        : undefined,
    values.unique.length === 0
      ? undefined
      : values.source === 'file'
        ? lineProblems.length > 0
          ? t('tasks.configure.fixLines')
          : values.fileRows.length === 0
            ? t('tasks.configure.unique.noFile')
            : undefined
        : tableProblems.length > 0
          ? t('tasks.configure.fixRows')
          : undefined,
    server.rollback ?? server.deadline,
  ];
  const [shownProblem, setShownProblem] = useState<number>();

  const runPreview = async () => {
    setBusy(true);
    try {
      setPreview(await previewTaskGroup(requestOf(values, ids, rows)));
      setServer(NO_PROBLEMS);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };
  /** The API's refusal on its step and field; the first step with one opens. */
  const refused = (error: unknown) => {
    const placed = placeServerErrors(t, error, values.unique);
    setServer(placed);
    setPreview(undefined);
    const at = placed.target
      ? 0
      : Object.keys(placed.sections).length > 0 || placed.template
        ? 1
        : placed.rows.length > 0
          ? 2
          : 3;
    setStep(at);
  };
  const next = (from: number) => {
    if (stepProblem[from]) {
      setShownProblem(from);
      return;
    }
    setShownProblem(undefined);
    const to = from + 1;
    setStep(to);
    if (to === 3) void runPreview();
  };
  const apply = async () => {
    setBusy(true);
    try {
      const group = await createTaskGroup(requestOf(values, ids, rows));
      toast(t('tasks.configure.started', { count: group.total }), { type: 'success' });
      navigate(`${pathOf('task-manager')}${groupAddress(group.id)}`);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const label = {
    devices: t('tasks.configure.steps.devices'),
    changes: t('tasks.configure.steps.changes'),
    unique: t('tasks.configure.steps.unique'),
    confirm: t('tasks.configure.steps.confirm'),
  };
  const nextButton = (index: number) => (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {shownProblem === index && stepProblem[index] && (
        <Alert severity="error" data-testid="configure-step-problem">
          {stepProblem[index]}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        {index > 0 && <Button onClick={() => setStep(index - 1)}>{t('tasks.configure.back')}</Button>}
        <Button
          variant="contained"
          onClick={() => next(index)}
          data-testid={`configure-next-${STEPS[index]}`}
        >
          {index === 2 && values.unique.length === 0
            ? t('tasks.configure.skipStep')
            : t('tasks.configure.next')}
        </Button>
      </Stack>
    </Stack>
  );

  return (
    <Box sx={{ maxWidth: 1000 }} data-testid="configure-devices">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('tasks.configure.intro')}
      </Typography>
      {!manages && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tasks.configure.readOnly')}
        </Alert>
      )}
      <Stepper nonLinear activeStep={step} orientation="vertical">
        {STEPS.map((name, index) => (
          <Step key={name} completed={index < step && !stepProblem[index]}>
            <StepButton
              onClick={() => setStep(index)}
              optional={
                index === 2 ? (
                  <Typography variant="caption">{t('tasks.configure.optional')}</Typography>
                ) : undefined
              }
              data-testid={`configure-step-${name}`}
            >
              {label[name]}
            </StepButton>
            <StepContent>
              {name === 'devices' && (
                <>
                  <ConfigureTargetStep values={values} ids={ids} problem={server.target} onChange={change} />
                  {nextButton(index)}
                </>
              )}
              {name === 'changes' && (
                <>
                  <TemplateChoice
                    value={values.templateId}
                    problem={server.template}
                    onChange={(templateId) => change({ templateId })}
                  />
                  <ConfigChangesStep
                    sections={values.sections}
                    unique={new Set(values.unique.map((option) => option.key))}
                    problems={mergeSections(sections, server.sections)}
                    onChange={(next) => change({ sections: next })}
                  />
                  {nextButton(index)}
                </>
              )}
              {name === 'unique' && (
                <>
                  <UniqueValuesStep
                    values={values}
                    common={common}
                    devices={devices}
                    rowProblems={tableProblems}
                    lineProblems={lineProblems}
                    onChange={change}
                  />
                  {nextButton(index)}
                </>
              )}
              {name === 'confirm' && (
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {busy && !preview && (
                    <Typography color="text.secondary">{t('tasks.configure.checking')}</Typography>
                  )}
                  {preview && <ConfigPreview preview={preview} />}
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                    <TextField
                      type="number"
                      size="small"
                      label={t('tasks.configure.rollback')}
                      value={values.rollback}
                      onChange={(event) => change({ rollback: event.target.value })}
                      error={server.rollback !== undefined}
                      helperText={server.rollback ?? t('tasks.configure.rollbackHint', CONFIG_ROLLBACK_S)}
                      sx={{ maxWidth: 320 }}
                      slotProps={{
                        htmlInput: {
                          min: CONFIG_ROLLBACK_S.min,
                          max: CONFIG_ROLLBACK_S.max,
                          'data-testid': 'configure-rollback',
                        },
                        input: {
                          endAdornment: (
                            <InputAdornment position="end">{t('tasks.configure.seconds')}</InputAdornment>
                          ),
                        },
                      }}
                    />
                    <TextField
                      type="number"
                      size="small"
                      label={t('tasks.configure.deadline')}
                      value={values.deadline}
                      onChange={(event) => change({ deadline: event.target.value })}
                      error={server.deadline !== undefined}
                      helperText={server.deadline ?? t('tasks.configure.deadlineHint')}
                      sx={{ maxWidth: 320 }}
                      slotProps={{
                        htmlInput: {
                          min: TASK_DEADLINE_HOURS.min,
                          max: TASK_DEADLINE_HOURS.max,
                          'data-testid': 'configure-deadline',
                        },
                      }}
                    />
                  </Stack>
                  {server.general.length > 0 && (
                    <Alert severity="error" data-testid="configure-problem">
                      {server.general.map((message) => (
                        <Box key={message}>{message}</Box>
                      ))}
                    </Alert>
                  )}
                  <Stack direction="row" spacing={1}>
                    <Button onClick={() => setStep(2)}>{t('tasks.configure.back')}</Button>
                    <Button
                      variant="outlined"
                      disabled={busy || stepProblem.slice(0, 3).some(Boolean)}
                      onClick={() => void runPreview()}
                      data-testid="configure-check"
                    >
                      {t('tasks.configure.check')}
                    </Button>
                    <Button
                      variant="contained"
                      disabled={busy || !manages || !preview || preview.devices === 0}
                      onClick={() => void apply()}
                      data-testid="configure-apply"
                    >
                      {t('tasks.configure.apply')}
                    </Button>
                  </Stack>
                </Stack>
              )}
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}

/** The browser's problems of the common settings, with the API's where the browser found none. */
function mergeSections(own: Placed['sections'], server: Placed['sections']): Placed['sections'] {
  const merged: Placed['sections'] = { ...server };
  for (const [section, options] of Object.entries(own)) merged[section] = { ...server[section], ...options };
  return merged;
}
