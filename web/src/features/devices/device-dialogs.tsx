import { parseCsv } from '@fleetport/contracts/csv';
import { DYNAMIC_INTERVAL_S, STATIC_INTERVAL_S } from '@fleetport/contracts/device-protocol';
import type { BulkDeviceAction, DeviceAction } from '@fleetport/contracts/devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next, { type TFunction } from 'i18next';
import { type ChangeEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../shared/api/download.ts';
import { messageOf } from '../../shared/api/messages.ts';
import type { FieldSchema, FormValues } from '../../shared/forms/field-schema.ts';
import { csvFileProblem } from '../../shared/forms/list-input-rules.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { api } from '../../shared/lib/api.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { openActionStatus } from '../../shared/modals/action-status.ts';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { DEVICE_LIST_KEY, DEVICES_KEY, type DeviceListItem } from './api.ts';
import type { BulkTarget } from './BulkBar.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('devices'), ensureArea('forms'), ensureArea('modals')]);

const ADD_DEVICE = 'add-device';
const ADD_DEVICES = 'add-devices';
const EDIT_DEVICE = 'edit-device';
const DEVICE_TAGS = 'device-list-tags';
const BULK_DEVICES = 'bulk-devices';

/** The example file of 'Add device from file': the columns the import reads. */
export const EXAMPLE_CSV = 'serial,mac,name\r\n1100000001,00:1E:42:00:00:01,Depot gateway\r\n';

const companyField = (label: string): FieldSchema => ({
  key: 'company_id',
  label,
  component: 'ItemSelect',
  required: true,
  options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
});

const tagsField = (label: string): FieldSchema => ({
  key: 'tag_ids',
  label,
  component: 'ItemSelect',
  multiple: true,
  options: { url: '/tags', fields: ['id', 'name'], params: { sort: 'name' } },
});

/** Spec §2 "Add device" (form): an approved device's serial and MAC address, into a company. */
function AddDeviceBody() {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      companyField(t('devices.columns.company')),
      { key: 'serial', label: t('devices.columns.serial'), required: true, maxlength: 20 },
      { key: 'mac', label: t('devices.columns.mac'), required: true, placeholder: '00:1E:42:12:34:56' },
      { key: 'name', label: t('devices.columns.name'), maxlength: 120 },
      { key: 'description', label: t('devices.fields.description'), type: 'textarea', maxlength: 500 },
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('devices.add.title')}
      onCancel={close}
      submit={{
        url: '/devices',
        item: t('devices.item'),
        schema: { id: ADD_DEVICE, tableRef: DEVICE_LIST_KEY },
        onClose: close,
      }}
    />
  );
}

interface BatchRow {
  row: number;
  serial: string;
  ok: boolean;
  message?: string;
}

/** The devices of a manufacturer-style file (a header naming serial and mac, name optional). */
function devicesOfFile(text: string): {
  devices: Record<string, string>[];
  lines: number[];
  problem?: string;
} {
  const [head, ...body] = parseCsv(text);
  const header = (head?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  if (at('serial') < 0 || at('mac') < 0) return { devices: [], lines: [], problem: 'devices.add.badHeader' };
  return {
    devices: body.map(({ cells }) => ({
      serial: (cells[at('serial')] ?? '').trim(),
      mac: (cells[at('mac')] ?? '').trim(),
      ...(at('name') >= 0 && cells[at('name')]?.trim() ? { name: (cells[at('name')] ?? '').trim() } : {}),
    })),
    lines: body.map((row) => row.line),
  };
}

/** The devices of a typed list: one a line, "serial, MAC[, name]". */
function devicesOfList(text: string): { devices: Record<string, string>[]; lines: number[] } {
  const rows = parseCsv(text);
  return {
    devices: rows.map(({ cells }) => ({
      serial: (cells[0] ?? '').trim(),
      mac: (cells[1] ?? '').trim(),
      ...(cells[2]?.trim() ? { name: cells[2].trim() } : {}),
    })),
    lines: rows.map((row) => row.line),
  };
}

/**
 * Spec §2 "Add device" from a file (CSV, with a downloadable example) or a list: every row is
 * answered on its own; the good ones are added, the bad ones listed with their line and reason.
 */
function AddDevicesBody({ mode }: { mode: 'file' | 'list' }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const companies = useQuery({
    queryKey: ['options', '/companies'],
    queryFn: async () =>
      (
        await api.http.get<{ data: { id: number; name: string }[] }>('/companies', {
          params: { limit: 100, fields: 'id,name', sort: 'name' },
        })
      ).data.data,
  });
  const [companyId, setCompanyId] = useState<number | ''>('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{
    /** Added, or (a verification) could be added. */
    good: number;
    verified: boolean;
    failed: (BatchRow & { line: number })[];
  }>();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = csvFileProblem({
      type: file.type || (file.name.endsWith('.csv') ? 'text/csv' : ''),
      size: file.size,
    });
    if (problem) {
      toast(t(problem === 'notCsv' ? 'forms.listInput.notCsv' : 'forms.listInput.csvTooLarge'), {
        type: 'error',
      });
      return;
    }
    setFileName(file.name);
    setText(await file.text());
  };

  /** Adds the devices, or (spec §2 "Verify devices") checks them without adding anything. */
  const submit = async (verify: boolean) => {
    setError(undefined);
    setResult(undefined);
    if (companyId === '' && !verify) {
      setError(t('devices.add.chooseCompany'));
      return;
    }
    const parsed = mode === 'file' ? devicesOfFile(text) : devicesOfList(text);
    if ('problem' in parsed && parsed.problem) {
      setError(t(parsed.problem as 'devices.add.badHeader'));
      return;
    }
    if (parsed.devices.length === 0) {
      setError(t(mode === 'file' ? 'devices.add.emptyFile' : 'devices.add.emptyList'));
      return;
    }
    setBusy(true);
    try {
      const { added, rows } = verify
        ? await api.http
            .post<{ data: BatchRow[] }>('/devices/verify', { devices: parsed.devices })
            .then((answer) => ({ added: 0, rows: answer.data.data }))
        : (
            await api.http.post<{ data: { added: number; rows: BatchRow[] } }>('/devices/batch', {
              company_id: companyId,
              devices: parsed.devices,
            })
          ).data.data;
      setResult({
        good: verify ? rows.filter((row) => row.ok).length : added,
        verified: verify,
        failed: rows
          .filter((row) => !row.ok)
          .map((row) => ({ ...row, line: parsed.lines[row.row - 1] ?? row.row })),
      });
      if (added > 0) await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 480 } }}>
      <TextField
        select
        label={t('devices.columns.company')}
        value={companyId}
        onChange={(event) => setCompanyId(Number(event.target.value))}
        required
        slotProps={{ htmlInput: { 'data-testid': 'add-devices-company' } }}
      >
        {(companies.data ?? []).map((company) => (
          <MenuItem key={company.id} value={company.id}>
            {company.name}
          </MenuItem>
        ))}
      </TextField>
      {mode === 'file' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Button variant="outlined" component="label">
            {t('devices.add.chooseFile')}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => void chooseFile(event)}
              data-testid="add-devices-file"
            />
          </Button>
          <Typography variant="body2" sx={{ flex: 1 }}>
            {fileName || t('devices.add.noFile')}
          </Typography>
          <Button
            size="small"
            onClick={() => saveBlob(new Blob([EXAMPLE_CSV], { type: 'text/csv' }), 'devices-example.csv')}
            data-testid="add-devices-example"
          >
            {t('devices.add.example')}
          </Button>
        </Stack>
      ) : (
        <TextField
          label={t('devices.add.listLabel')}
          helperText={t('devices.add.listHint')}
          multiline
          minRows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'add-devices-list', maxLength: 200_000 } }}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.failed.length ? 'warning' : 'success'} data-testid="add-devices-result">
          <div>
            {result.verified
              ? t('devices.add.verified', { count: result.good })
              : t('devices.add.added', { count: result.good })}
          </div>
          {result.failed.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {result.failed.slice(0, 50).map((row) => (
                <li key={row.row}>
                  {t('devices.add.rowFailed', {
                    line: row.line,
                    serial: row.serial || '—',
                    message: row.message ?? '',
                  })}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t(result ? 'devices.close' : 'devices.cancel')}</Button>
        <Button
          disabled={busy || !text.trim()}
          onClick={() => void submit(true)}
          data-testid="add-devices-verify"
        >
          {t('devices.add.verify')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !text.trim()}
          onClick={() => void submit(false)}
          data-testid="add-devices-submit"
        >
          {t('devices.add.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Spec §2 "Monitoring period": the dynamic and static periods, in minutes (spec §9 ranges). */
function periodFields(t: TFunction): FieldSchema[] {
  const field = (key: string, label: string, range: { min: number; max: number }): FieldSchema => ({
    key,
    label,
    type: 'number',
    min: range.min / 60,
    max: range.max / 60,
    hint: t('devices.fields.minutesRange', { min: range.min / 60, max: range.max / 60 }),
  });
  return [
    field('dynamic_min', t('devices.fields.dynamicPeriod'), DYNAMIC_INTERVAL_S),
    field('static_min', t('devices.fields.staticPeriod'), STATIC_INTERVAL_S),
  ];
}

/** The periods typed in minutes, as the API takes them (seconds); an empty one is left as it is. */
function periodValues(values: FormValues): { dynamic_interval_s?: number; static_interval_s?: number } {
  const seconds = (value: unknown) =>
    value === undefined || value === '' ? undefined : Math.round(Number(value) * 60);
  const dynamic = seconds(values.dynamic_min);
  const fixed = seconds(values.static_min);
  return {
    ...(dynamic === undefined ? {} : { dynamic_interval_s: dynamic }),
    ...(fixed === undefined ? {} : { static_interval_s: fixed }),
  };
}

/** Spec §2 "Edit device": name, description, monitoring and its periods (shown in minutes, spec §9). */
function EditDeviceBody({
  device,
}: {
  device: DeviceListItem & { dynamic_interval_s?: number; static_interval_s?: number };
}) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () => [
      { key: 'name', label: t('devices.columns.name'), required: true, maxlength: 120 },
      { key: 'description', label: t('devices.fields.description'), type: 'textarea', maxlength: 500 },
      { key: 'monitoring', label: t('devices.columns.monitoring'), type: 'checkbox' },
      ...periodFields(t),
    ],
    [t],
  );
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('devices.save')}
      onCancel={close}
      submit={{
        url: `/devices/${device.id}`,
        method: 'patch',
        item: t('devices.item'),
        data: (values: FormValues) => ({
          name: values.name,
          description: values.description ?? null,
          monitoring: Boolean(values.monitoring),
          ...periodValues(values),
        }),
        schema: {
          id: EDIT_DEVICE,
          defaults: {
            name: device.name,
            description: device.description ?? '',
            monitoring: device.monitoring,
            ...(device.dynamic_interval_s ? { dynamic_min: device.dynamic_interval_s / 60 } : {}),
            ...(device.static_interval_s ? { static_min: device.static_interval_s / 60 } : {}),
          },
          tableRef: DEVICES_KEY,
        },
        onClose: close,
      }}
    />
  );
}

/** Spec §2 "Device list tags": the device's tags, from its company and the companies above it. */
function DeviceTagsBody({ device }: { device: DeviceListItem }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo(() => [tagsField(t('devices.columns.tags'))], [t]);
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('devices.save')}
      onCancel={close}
      submit={{
        url: `/devices/${device.id}/tags`,
        method: 'put',
        item: t('devices.item'),
        data: (values: FormValues) => ({ tag_ids: (values.tag_ids as number[] | undefined) ?? [] }),
        schema: {
          id: DEVICE_TAGS,
          defaults: { tag_ids: device.tags.map((tag) => tag.id) },
          tableRef: DEVICES_KEY,
        },
        onClose: close,
      }}
    />
  );
}

const targetBody = (target: BulkTarget) =>
  'ids' in target ? { ids: target.ids } : { filter: target.filter };

/** Tags or a company for a bulk action, then POST /devices/bulk. */
function BulkDevicesBody({
  action,
  target,
  onDone,
}: {
  action: BulkDeviceAction;
  target: BulkTarget;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(
    () =>
      action === 'move'
        ? [companyField(t('devices.bulk.targetCompany'))]
        : action === 'period'
          ? periodFields(t)
          : [{ ...tagsField(t('devices.columns.tags')), required: true }],
    [t, action],
  );
  return (
    <SchemaForm
      fields={fields}
      submitLabel={t('devices.bulk.apply')}
      onCancel={close}
      submit={{
        url: '/devices/bulk',
        data: (values: FormValues) => ({
          action,
          ...(action === 'period' ? periodValues(values) : values),
          ...targetBody(target),
        }),
        successMsg: t('devices.bulk.done'),
        schema: { id: BULK_DEVICES, tableRef: DEVICES_KEY },
        onSuccess: onDone,
        onClose: close,
      }}
    />
  );
}

registerModal(ADD_DEVICE, AddDeviceBody);
registerModal(ADD_DEVICES, AddDevicesBody);
registerModal(EDIT_DEVICE, EditDeviceBody);
registerModal(DEVICE_TAGS, DeviceTagsBody);
registerModal(BULK_DEVICES, BulkDevicesBody);

export function openAddDevices(mode: 'form' | 'file' | 'list'): void {
  const title = {
    form: 'devices.add.title',
    file: 'devices.add.fromFile',
    list: 'devices.add.fromList',
  } as const;
  openModal({
    id: mode === 'form' ? ADD_DEVICE : ADD_DEVICES,
    title: i18next.t(title[mode]),
    component: mode === 'form' ? ADD_DEVICE : ADD_DEVICES,
    props: mode === 'form' ? {} : { mode },
  });
}

export function openEditDevice(device: DeviceListItem): void {
  openModal({
    id: EDIT_DEVICE,
    title: i18next.t('devices.edit'),
    subtitle: device.name,
    component: EDIT_DEVICE,
    props: { device },
  });
}

export function openDeviceTags(device: DeviceListItem): void {
  openModal({
    id: DEVICE_TAGS,
    title: i18next.t('devices.tagsTitle'),
    subtitle: device.name,
    component: DEVICE_TAGS,
    props: { device },
  });
}

/** A bulk action on the selection or on every matching device; delete asks for the count to be typed. */
export function openBulkAction(
  action: BulkDeviceAction,
  target: BulkTarget,
  monitoring: boolean | undefined,
  queryClient: QueryClient,
  onDone: () => void,
): void {
  const count = 'ids' in target ? target.ids.length : target.count;
  const bulk = (extra: Record<string, unknown> = {}) =>
    api.http.post('/devices/bulk', { action, ...targetBody(target), ...extra }).then(onDone);
  if (action === 'add_tags' || action === 'remove_tags' || action === 'move' || action === 'period') {
    const titles = {
      add_tags: 'devices.bulk.addTags',
      remove_tags: 'devices.bulk.removeTags',
      move: 'devices.bulk.move',
      period: 'devices.bulk.period',
    } as const;
    openModal({
      id: BULK_DEVICES,
      title: i18next.t(titles[action]),
      subtitle: i18next.t('devices.bulk.selected', { count }),
      component: BULK_DEVICES,
      props: { action, target, onDone },
    });
    return;
  }
  if (action === 'monitoring') {
    void confirmAction({
      id: 'bulk-monitoring',
      title: i18next.t(monitoring ? 'devices.bulk.monitoringOn' : 'devices.bulk.monitoringOff'),
      prompt: i18next.t(
        monitoring ? 'devices.bulk.monitoringOnConfirm' : 'devices.bulk.monitoringOffConfirm',
        { count },
      ),
      confirmLabel: i18next.t('devices.bulk.apply'),
      action: () => bulk({ monitoring: Boolean(monitoring) }),
      doneMessage: i18next.t('devices.bulk.done'),
      queryClient,
      reload: [DEVICES_KEY],
    });
    return;
  }
  openModal({
    id: 'bulk-delete',
    title: i18next.t('devices.bulk.delete'),
    prompt: i18next.t('devices.bulk.deleteConfirm', { count }),
    input: { label: i18next.t('devices.bulk.deleteType', { count }), name: 'count' },
    confirmLabel: i18next.t('devices.bulk.delete'),
    minimizeDisable: true,
    disabled: (draft) => draft.value.trim() !== String(count),
    confirm: async () => {
      await bulk({ expected_count: count });
      toast(i18next.t('devices.bulk.deleted', { count }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
    },
  });
}

/** A device action from its page (reboot, refresh): its progress in the 'Action status' modal. */
export async function runDeviceAction(
  device: { id: number; name: string },
  action: DeviceAction,
): Promise<void> {
  try {
    const answer = await api.http.post<{ meta?: { channel?: string } }>(`/devices/${device.id}/actions`, {
      action,
    });
    const channel = answer.data.meta?.channel;
    if (channel)
      openActionStatus(channel, { selection: [{ id: device.id, name: device.name }], autoClose: false });
  } catch (error) {
    toast(messageOf(error), { type: 'error' });
  }
}

/** Reboot asks first: the device goes offline for a while. */
export function confirmReboot(device: { id: number; name: string }): void {
  openModal({
    id: 'device-reboot',
    title: i18next.t('devices.page.reboot'),
    subtitle: device.name,
    prompt: i18next.t('devices.page.rebootConfirm', { name: device.name }),
    confirmLabel: i18next.t('devices.page.reboot'),
    minimizeDisable: true,
    confirm: () => runDeviceAction(device, 'reboot'),
  });
}
