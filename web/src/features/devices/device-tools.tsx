import {
  ACTION_STATUS_EVENT,
  actionStatusEventSchema,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import { csvLine } from '@fleetport/contracts/csv';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../shared/api/download.ts';
import { messageOf } from '../../shared/api/messages.ts';
import { api } from '../../shared/lib/api.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { openActionStatus } from '../../shared/modals/action-status.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { realtime } from '../../shared/realtime/socket.ts';
import { deviceKey } from './api.ts';
import { TABLE_SX } from './device-parts.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('devices'), ensureArea('device')]);

const DEVICE_CLI = 'device-cli';
const PASSWORD_MANAGER = 'password-manager';

type Device = { id: number; name: string };

interface Run {
  key: number;
  command: string;
  state: 'running' | 'succeeded' | 'failed';
  output: string;
}

/**
 * Spec §2 "Device CLI": a command line to the device's shell. Each command goes to the device
 * over the protocol and its answer comes back on the action's realtime channel; the answers stay
 * in the scrollback, as in a terminal. The output is the device's text, shown as text.
 */
function DeviceCliBody({ device }: { device: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [command, setCommand] = useState('');
  const [runs, setRuns] = useState<Run[]>([]);
  const stops = useRef<(() => void)[]>([]);
  const screen = useRef<HTMLDivElement>(null);
  const keys = useRef(0);
  useEffect(
    () => () => {
      for (const stop of stops.current) stop();
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end after each change of the runs
  useEffect(() => {
    screen.current?.scrollTo({ top: screen.current.scrollHeight });
  }, [runs]);
  const busy = runs.some((run) => run.state === 'running');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const line = command.trim();
    if (!line || busy) return;
    keys.current += 1;
    const key = keys.current;
    const update = (patch: Partial<Run>) =>
      setRuns((list) => list.map((run) => (run.key === key ? { ...run, ...patch } : run)));
    setRuns((list) => [...list, { key, command: line, state: 'running', output: '' }]);
    setCommand('');
    try {
      const answer = await api.http.post<{ meta?: { channel?: string } }>(`/devices/${device.id}/cli`, {
        command: line,
      });
      const channel = answer.data.meta?.channel;
      if (!channel) return;
      const stop = realtime.listen(channel, ACTION_STATUS_EVENT, (payload) => {
        const parsed = actionStatusEventSchema.safeParse(payload);
        const item = parsed.success ? parsed.data.items.find((entry) => entry.id === device.id) : undefined;
        if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
        update({ state: item.state === 'succeeded' ? 'succeeded' : 'failed', output: item.message ?? '' });
        stop();
      });
      stops.current.push(stop);
    } catch (failure) {
      update({ state: 'failed', output: messageOf(failure) });
    }
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: { sm: 560 } }}>
      <Box
        ref={screen}
        role="log"
        aria-label={t('device.cli.output')}
        data-testid="cli-output"
        sx={{
          height: 320,
          overflow: 'auto',
          p: 1.5,
          borderRadius: 1,
          bgcolor: '#111',
          color: '#e8e8e8',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {runs.length === 0 && <Box sx={{ color: '#9a9a9a' }}>{t('device.cli.hint')}</Box>}
        {runs.map((run) => (
          <Box key={run.key} data-state={run.state} data-testid="cli-run">
            <Box sx={{ color: '#7fd67f' }}>$ {run.command}</Box>
            {run.state === 'running' ? (
              <Box sx={{ color: '#9a9a9a' }}>{t('device.cli.waiting')}</Box>
            ) : (
              <Box sx={{ color: run.state === 'failed' ? '#ff8a80' : 'inherit' }}>{run.output}</Box>
            )}
          </Box>
        ))}
      </Box>
      <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void submit(event)}>
        <TextField
          size="small"
          fullWidth
          label={t('device.cli.command')}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          slotProps={{
            htmlInput: {
              maxLength: 1000,
              autoComplete: 'off',
              spellCheck: false,
              'data-testid': 'cli-command',
            },
          }}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={busy || command.trim() === ''}>
          {t('device.cli.run')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(DEVICE_CLI, DeviceCliBody);

export function openDeviceCli(device: { id: number; name: string }): void {
  openModal({
    id: `${DEVICE_CLI}-${device.id}`,
    title: i18next.t('device.cli.title'),
    subtitle: device.name,
    component: DEVICE_CLI,
    props: { device },
  });
}

/**
 * Spec §2 "Password manager": one password for every device, or a generated one for each (16
 * characters, spec §9), then set on the devices; each reports through 'Action status'. Fleetport
 * does not keep device passwords, so the dialog offers them as a CSV before they are set.
 */
function PasswordManagerBody({ devices }: { devices: readonly Device[] }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const [mode, setMode] = useState<'same' | 'each'>(devices.length > 1 ? 'each' : 'same');
  const [same, setSame] = useState('');
  const [each, setEach] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const generate = async (count: number): Promise<string[] | undefined> => {
    try {
      const answer = await api.http.post<{ data: { passwords: string[] } }>('/devices/passwords/generate', {
        count,
      });
      return answer.data.data.passwords;
    } catch (failure) {
      setError(messageOf(failure));
      return undefined;
    }
  };
  const passwordOf = (index: number) => (mode === 'same' ? same : (each[index] ?? ''));
  const ready = devices.every((_device, index) => passwordOf(index).length >= 8);

  const download = () => {
    const text = [
      csvLine(['id', 'name', 'password']),
      ...devices.map((device, index) => csvLine([device.id, device.name, passwordOf(index)])),
    ].join('');
    saveBlob(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), 'device-passwords.csv');
  };

  const submit = async () => {
    setError(undefined);
    setBusy(true);
    try {
      const answer = await api.http.post<{ meta?: { channel?: string } }>('/devices/passwords/set', {
        devices: devices.map((device, index) => ({ id: device.id, password: passwordOf(index) })),
      });
      close();
      const channel = answer.data.meta?.channel;
      if (channel) openActionStatus(channel, { selection: [...devices], autoClose: false });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      <Alert severity="warning">{t('device.passwords.notKept')}</Alert>
      {devices.length > 1 && (
        <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as 'same' | 'each')}>
          <FormControlLabel value="each" control={<Radio />} label={t('device.passwords.each')} />
          <FormControlLabel value="same" control={<Radio />} label={t('device.passwords.same')} />
        </RadioGroup>
      )}
      {mode === 'same' ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            label={t('device.passwords.password')}
            value={same}
            onChange={(event) => setSame(event.target.value)}
            helperText={t('device.passwords.rule')}
            slotProps={{
              htmlInput: { maxLength: 128, autoComplete: 'new-password', 'data-testid': 'password-same' },
            }}
          />
          <Button
            onClick={() => void generate(1).then((list) => list && setSame(list[0] ?? ''))}
            sx={{ alignSelf: 'flex-start', height: 40 }}
          >
            {t('device.passwords.generate')}
          </Button>
        </Stack>
      ) : (
        <>
          <Button
            variant="outlined"
            onClick={() => void generate(devices.length).then((list) => list && setEach(list))}
            data-testid="password-generate-each"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('device.passwords.generateEach', { count: devices.length })}
          </Button>
          {each.length > 0 && (
            <Box
              component="table"
              sx={{ borderCollapse: 'collapse', '& td': { p: 0.5, fontSize: '0.875rem' } }}
              data-testid="password-list"
            >
              <tbody>
                {devices.slice(0, 20).map((device, index) => (
                  <tr key={device.id}>
                    <td>{device.name}</td>
                    <td>
                      <code>{each[index]}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          )}
          {each.length > 20 && (
            <Typography variant="body2" color="text.secondary">
              {t('device.passwords.more', { count: each.length - 20 })}
            </Typography>
          )}
        </>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={download} disabled={!ready}>
          {t('device.passwords.download')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!ready || busy}
          data-testid="password-set"
        >
          {t('device.passwords.set', { count: devices.length })}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(PASSWORD_MANAGER, PasswordManagerBody);

export function openPasswordManager(devices: readonly Device[]): void {
  openModal({
    id: PASSWORD_MANAGER,
    title: i18next.t('device.passwords.title'),
    subtitle:
      devices.length === 1 ? devices[0]?.name : i18next.t('devices.bulk.selected', { count: devices.length }),
    component: PASSWORD_MANAGER,
    props: { devices },
  });
}

const NEW_NOTE = 'device-new-note';
const CUSTOM_BOX = 'device-custom-box';

/** Spec §2 "New note": a note on the device, shown in its activity with its author. */
function NewNoteBody({ device }: { device: Device }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await api.http.post(`/devices/${device.id}/notes`, { body: text });
      await queryClient.invalidateQueries({ queryKey: deviceKey(device.id) });
      close();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      sx={{ minWidth: { sm: 480 } }}
    >
      <TextField
        label={t('device.notes.text')}
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'note-text' } }}
        helperText={`${text.length} / 2000`}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('devices.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || text.trim() === ''}
          data-testid="note-save"
        >
          {t('devices.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

export interface CustomBox {
  title: string;
  fields: { label: string; value: string }[];
}
const MAX_BOX_LINES = 20;

/** Spec §2 "Device custom box": a title and up to 20 labelled values kept about the device. */
function CustomBoxBody({ device, custom }: { device: Device; custom: CustomBox | null }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(custom?.title ?? '');
  const [fields, setFields] = useState(custom?.fields.length ? custom.fields : [{ label: '', value: '' }]);
  const [error, setError] = useState<string>();
  const save = async (next: CustomBox | null) => {
    setError(undefined);
    try {
      await api.http.put(`/devices/${device.id}/custom`, { custom: next });
      await queryClient.invalidateQueries({ queryKey: deviceKey(device.id) });
      close();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const setField = (index: number, patch: Partial<CustomBox['fields'][number]>) =>
    setFields((list) => list.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      <TextField
        size="small"
        label={t('device.custom.boxTitle')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'custom-title' } }}
      />
      {fields.map((field, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
        <Stack key={index} direction="row" spacing={1}>
          <TextField
            size="small"
            label={t('device.custom.label')}
            value={field.label}
            onChange={(event) => setField(index, { label: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': `custom-label-${index}` } }}
            sx={{ width: 180 }}
          />
          <TextField
            size="small"
            fullWidth
            label={t('device.custom.value')}
            value={field.value}
            onChange={(event) => setField(index, { value: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': `custom-value-${index}` } }}
          />
          <Button
            onClick={() => setFields((list) => list.filter((_field, at) => at !== index))}
            aria-label={t('device.custom.remove')}
          >
            ✕
          </Button>
        </Stack>
      ))}
      <Button
        onClick={() => setFields((list) => [...list, { label: '', value: '' }])}
        disabled={fields.length >= MAX_BOX_LINES}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('device.custom.addLine')}
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {custom && (
          <Button color="error" onClick={() => void save(null)} sx={{ mr: 'auto' }}>
            {t('device.custom.clear')}
          </Button>
        )}
        <Button onClick={close}>{t('devices.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="custom-save"
          onClick={() =>
            void save({
              title: title.trim(),
              fields: fields.filter((field) => field.label.trim() !== '' || field.value.trim() !== ''),
            })
          }
        >
          {t('devices.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(NEW_NOTE, NewNoteBody);
registerModal(CUSTOM_BOX, CustomBoxBody);

export function openNewNote(device: Device): void {
  openModal({
    id: NEW_NOTE,
    title: i18next.t('device.notes.new'),
    subtitle: device.name,
    component: NEW_NOTE,
    props: { device },
  });
}

export function openCustomBox(device: Device & { custom: CustomBox | null }): void {
  openModal({
    id: CUSTOM_BOX,
    title: i18next.t('device.custom.title'),
    subtitle: device.name,
    component: CUSTOM_BOX,
    props: { device: { id: device.id, name: device.name }, custom: device.custom },
  });
}

const UPDATE_HISTORY = 'device-update-history';

interface FirmwareChange {
  id: number;
  from_version: string | null;
  to_version: string;
  at: string;
}

/**
 * Spec §2 "View update history": the firmware versions the device came back on, newest first,
 * each with the one it ran before. Updates made on the device itself are here too: the history
 * is what the device reported, not only what the console asked for.
 */
function UpdateHistoryBody({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const { close } = useModalControls();
  const history = useQuery({
    queryKey: [...deviceKey(device.id), 'firmware-history'],
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: FirmwareChange[] }>(`/devices/${device.id}/firmware-history`, { signal }))
        .data.data,
  });
  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      {history.isError && <Alert severity="error">{messageOf(history.error)}</Alert>}
      {history.data?.length === 0 && (
        <Typography color="text.secondary">{t('device.updates.empty')}</Typography>
      )}
      {history.data && history.data.length > 0 && (
        <Box component="table" sx={TABLE_SX} data-testid="update-history">
          <thead>
            <tr>
              <th>{t('device.updates.when')}</th>
              <th>{t('device.updates.from')}</th>
              <th>{t('device.updates.to')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((change) => (
              <tr key={change.id}>
                <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.at, i18n.language)}</td>
                <td>{change.from_version ?? t('device.updates.firstSeen')}</td>
                <td>{change.to_version}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>{t('device.updates.close')}</Button>
      </Stack>
    </Stack>
  );
}
registerModal(UPDATE_HISTORY, UpdateHistoryBody);

export function openUpdateHistory(device: Device): void {
  openModal({
    id: UPDATE_HISTORY,
    title: i18next.t('device.updates.title'),
    subtitle: device.name,
    component: UPDATE_HISTORY,
    props: { device: { id: device.id, name: device.name } },
  });
}

/** Deletes a note after asking. */
export function deleteNote(device: Device, noteId: number, onDone: () => void): void {
  openModal({
    id: 'device-delete-note',
    title: i18next.t('device.notes.delete'),
    prompt: i18next.t('device.notes.deleteConfirm'),
    confirmLabel: i18next.t('device.notes.delete'),
    minimizeDisable: true,
    confirm: async () => {
      await api.http.delete(`/devices/${device.id}/notes/${noteId}`);
      onDone();
    },
  });
}
