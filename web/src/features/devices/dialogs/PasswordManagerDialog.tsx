import { csvLine } from '@fleetport/contracts/csv';
import { DEVICE_PASSWORD_LENGTH } from '@fleetport/contracts/devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/download.ts';
import { messageOf } from '../../../shared/api/messages.ts';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { useBrand } from '../../../shared/lib/brand.ts';
import { openActionStatus } from '../../../shared/modals/action-status.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useGeneratePasswords } from '../api/generate-passwords.ts';
import { useSetDevicePasswords } from '../api/set-passwords.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

const PASSWORD_MANAGER = 'password-manager';

type Device = { id: number; name: string };

/**
 * Spec §2 "Password manager": one password for every device, or a generated one for each (16
 * characters, spec §9), then set on the devices as one task group (an offline device's waits until
 * it connects); each reports through 'Action status'. Fleetport does not keep device passwords
 * (a waiting one only sealed, until its task ends), so the dialog offers them as a CSV first.
 */
function PasswordManagerBody({ devices }: { devices: readonly Device[] }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { close } = useModalControls();
  const companyId = useSignedInUser().company_id;
  const generatePasswords = useGeneratePasswords();
  const setPasswords = useSetDevicePasswords();
  const [mode, setMode] = useState<'same' | 'each'>(devices.length > 1 ? 'each' : 'same');
  const [same, setSame] = useState('');
  const [each, setEach] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const generate = async (count: number): Promise<string[] | undefined> => {
    try {
      return await generatePasswords.mutateAsync(count);
    } catch (failure) {
      setError(messageOf(failure));
      return undefined;
    }
  };
  const passwordOf = (index: number) => (mode === 'same' ? same : (each[index] ?? ''));
  const ready = devices.every((_device, index) => passwordOf(index).length >= DEVICE_PASSWORD_LENGTH.min);

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
      const sent = await setPasswords.mutateAsync(
        devices.map((device, index) => ({ id: device.id, password: passwordOf(index) })),
      );
      close();
      const byId = new Map(devices.map((device) => [device.id, device]));
      const target = (id: number) => ({ id, name: byId.get(id)?.name ?? String(id) });
      openActionStatus(taskChannel(sent.group_id), {
        selection: devices.map((device) => target(device.id)),
        autoClose: false,
        source: taskStatusSource({
          groupId: sent.group_id,
          companyId,
          tasks: sent.tasks.map((task) => ({
            taskId: task.task_id,
            device: target(task.device_id),
            connected: task.connected,
          })),
        }),
      });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: { sm: 520 } }}>
      <Alert severity="warning">{t('device.passwords.notKept', { appName: brand.app_name })}</Alert>
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
              htmlInput: {
                maxLength: DEVICE_PASSWORD_LENGTH.max,
                autoComplete: 'new-password',
                'data-testid': 'password-same',
              },
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
      {error && <ErrorAlert>{error}</ErrorAlert>}
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
