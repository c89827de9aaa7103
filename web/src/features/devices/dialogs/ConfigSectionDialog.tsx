import {
  ACTION_STATUS_EVENT,
  type ActionStatusItem,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import { CONFIG_ROLLBACK_S, type ConfigSection } from '@fleetport/contracts/device-config';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigOptionField } from '../../../shared/config/ConfigOptionField.tsx';
import {
  type ConfigFormValues,
  type ConfigProblems,
  checkEdit,
  editOf,
  initialValues,
  ROLLBACK_FIELD,
  sectionFields,
  serverProblems,
} from '../../../shared/config/config-form.ts';
import type { Kind } from '../../../shared/config/config-sections.ts';
import { ensureArea } from '../../../shared/lib/i18n.ts';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import {
  changeDeviceConfiguration,
  type DeviceConfigChangeRequest,
} from '../api/change-device-configuration.ts';
import { deviceConfigurationQuery } from '../api/get-device-configuration.ts';
import { deviceTasksKey } from '../api/list-device-tasks.ts';
import type { ActionTarget } from './device-action.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

// The form engine's words for the problems the contract does not word itself ('This field is required').
await ensureArea('forms');

const CONFIG_SECTION = 'device-config-section';

/** A change of a device's configuration, as the Configuration tab starts it. */
export interface ConfigTarget {
  device: ActionTarget;
  /** The company whose tasks channel carries the task's changes (the user's). */
  companyId: number;
  /** The revision the tab shows: after the task the tab waits for a newer one. */
  revision: number | null;
}

/** How long the tab keeps following a change after the dialog is gone (an offline device's may wait a day). */
const FOLLOW_MS = 10 * 60_000;
/** How often, and how many times, the tab asks again for the new revision once the task has ended. */
const REFRESH_STEP_MS = 1_000;
const REFRESH_TRIES = 5;

/**
 * After a change ended: the device reports its new tree just after it answers, so the tab asks
 * again until the revision is newer (a few times, a second apart), or once when it failed (a
 * rollback reports too).
 */
export async function refreshConfiguration(
  queryClient: QueryClient,
  deviceId: number,
  before: number | null,
  succeeded: boolean,
  stepMs = REFRESH_STEP_MS,
): Promise<void> {
  const { queryKey } = deviceConfigurationQuery(deviceId);
  for (let attempt = 0; attempt < (succeeded ? REFRESH_TRIES : 1); attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, stepMs));
    await queryClient.invalidateQueries({ queryKey });
    const now = queryClient.getQueryData(queryKey);
    const shown = queryClient.getQueryCache().find({ queryKey })?.getObserversCount() ?? 0;
    if (shown === 0 || !now || (now.revision ?? -1) > (before ?? -1)) return;
  }
}

/**
 * Sends a change (POST /devices/{id}/configuration), then follows its task as the device page's
 * actions do: the 'Action status' modal (TaskChanged and a poll), and the tab reloads the
 * configuration when it ends. Throws what the API refused, for the caller to show.
 */
export async function startConfigChange(
  target: ConfigTarget,
  request: DeviceConfigChangeRequest,
  queryClient: QueryClient,
): Promise<void> {
  const { device, companyId } = target;
  const started = await changeDeviceConfiguration(device.id, request);
  // The device's Actions list shows the new task at once.
  void queryClient.invalidateQueries({ queryKey: deviceTasksKey(device.id) });
  const shown = { id: device.id, name: device.name };
  const source = taskStatusSource({
    groupId: started.group_id,
    companyId,
    tasks: [{ taskId: started.task_id, device: shown, connected: device.connected }],
  });
  const channel = taskChannel(started.group_id);
  openActionStatus(channel, { selection: [shown], autoClose: false, source });
  // Followed apart from the modal, which the user may close before the task ends.
  let stop: (() => void) | undefined;
  const giveUp = setTimeout(() => stop?.(), FOLLOW_MS);
  stop = source.listen(channel, ACTION_STATUS_EVENT, (payload) => {
    const item = (payload as { items: ActionStatusItem[] }).items[0];
    if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
    clearTimeout(giveUp);
    stop?.();
    void refreshConfiguration(queryClient, device.id, target.revision, item.state === 'succeeded');
  });
}

interface SectionDialogProps {
  target: ConfigTarget;
  /** The section's name: `ntp`, `wireless.ap0`, `firewall.redirect3`. */
  name: string;
  kind: Kind;
  /** The section as the device reported it; undefined for a new one (sent whole). */
  section?: ConfigSection;
}

/** A secret's hint: empty keeps what the device has. */
function secretHint(t: TFunction, section: ConfigSection | undefined, option: string): string | undefined {
  if (!section) return undefined;
  const value = section[option];
  return value === '' || value === undefined || value === false
    ? t('device.config.edit.secretNotSet')
    : t('device.config.edit.secretKept');
}

/**
 * Edit one section of a device's configuration (issue 22), or add a port forward: a field per
 * option of the section's schema in contracts, checked with that schema in the browser; only
 * what changed is sent (a secret left empty keeps the device's), with the rollback time; the
 * API's refusals land on their fields. The change is a task: 'Action status' follows it.
 */
function ConfigSectionBody({ target, name, kind, section }: SectionDialogProps) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const fields = useMemo(() => sectionFields(kind), [kind]);
  const whole = section === undefined;
  const [initial] = useState(() => initialValues(fields, section));
  const [values, setValues] = useState<ConfigFormValues>(initial);
  const [rollback, setRollback] = useState(String(CONFIG_ROLLBACK_S.default));
  const [problems, setProblems] = useState<ConfigProblems>({ fields: {}, general: [] });
  const [busy, setBusy] = useState(false);

  // Changing a field clears its problem (spec §4).
  const clearProblem = (option: string) =>
    setProblems((now) => {
      const { [option]: _gone, ...rest } = now.fields;
      return { ...now, fields: rest };
    });
  const change = (option: string, next: string | boolean) => {
    setValues((now) => ({ ...now, [option]: next }));
    clearProblem(option);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const edit = editOf(fields, initial, values, whole);
    const found = checkEdit(t, kind, name, edit, whole, rollback);
    setProblems(found);
    if (Object.keys(found.fields).length > 0 || found.general.length > 0) return;
    setBusy(true);
    try {
      await startConfigChange(
        target,
        { changes: { [name]: edit.changes }, rollback_s: Number(rollback) },
        queryClient,
      );
      close();
    } catch (failure) {
      setProblems(serverProblems(t, failure, name, fields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void submit(event)}
      sx={{ minWidth: { sm: 480 }, pt: 1 }}
      data-testid="config-section-form"
    >
      {!target.device.connected && <Alert severity="info">{t('device.config.edit.offline')}</Alert>}
      {problems.general.length > 0 && (
        <Alert severity="error" data-testid="config-general-errors">
          {problems.general.map((message) => (
            <Box key={message}>{message}</Box>
          ))}
        </Alert>
      )}
      {fields.map((field) => (
        <ConfigOptionField
          key={field.option}
          field={field}
          kind={kind}
          value={values[field.option]}
          hint={field.kind === 'secret' ? secretHint(t, section, field.option) : undefined}
          problem={problems.fields[field.option]}
          onChange={(next) => change(field.option, next)}
        />
      ))}
      <Divider />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          type="number"
          label={t('device.config.edit.rollback')}
          value={rollback}
          onChange={(event) => {
            setRollback(event.target.value);
            clearProblem(ROLLBACK_FIELD);
          }}
          error={problems.fields[ROLLBACK_FIELD] !== undefined}
          helperText={problems.fields[ROLLBACK_FIELD]}
          sx={{ width: 180, flexShrink: 0 }}
          slotProps={{
            htmlInput: {
              min: CONFIG_ROLLBACK_S.min,
              max: CONFIG_ROLLBACK_S.max,
              inputMode: 'numeric',
              'data-testid': 'config-rollback',
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">{t('device.config.edit.units.seconds')}</InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="caption" color="text.secondary" sx={{ pt: 0.5 }}>
          {t('device.config.edit.rollbackHint', CONFIG_ROLLBACK_S)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('device.config.edit.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid="config-apply">
          {whole ? t('device.config.edit.add') : t('device.config.edit.apply')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(CONFIG_SECTION, ConfigSectionBody);

/** Opens the form of a section (`section` as the device has it), or of a new port forward (`section` undefined). */
export function openConfigSection(
  target: ConfigTarget,
  { name, kind, title, section }: { name: string; kind: Kind; title: string; section?: ConfigSection },
): void {
  openModal({
    id: `${CONFIG_SECTION}-${target.device.id}`,
    title: section
      ? i18next.t('device.config.edit.title', { section: title })
      : i18next.t('device.config.edit.newForward'),
    subtitle: target.device.name,
    component: CONFIG_SECTION,
    props: { target, name, kind, section } satisfies SectionDialogProps,
  });
}

/** Removing a port forward asks first; its change is a task like any other (null removes the section). */
export function confirmRemoveSection(
  target: ConfigTarget,
  { name, title }: { name: string; title: string },
  queryClient: QueryClient,
): void {
  openModal({
    id: `${CONFIG_SECTION}-remove-${target.device.id}`,
    title: i18next.t('device.config.edit.removeTitle'),
    subtitle: target.device.name,
    prompt: i18next.t('device.config.edit.removePrompt', { section: title }),
    confirmLabel: i18next.t('device.config.edit.remove'),
    minimizeDisable: true,
    confirm: () =>
      startConfigChange(
        target,
        { changes: { [name]: null }, rollback_s: CONFIG_ROLLBACK_S.default },
        queryClient,
      ),
  });
}
