import type { DeviceRowResult } from '@fleetport/contracts/device-schemas';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/api/download.ts';
import { messageOf } from '../../../shared/api/messages.ts';
import { csvFileProblem } from '../../../shared/forms/list-input-rules.ts';
import { useModalControls } from '../../../shared/modals/controls.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useAddDevices, useReloadDevices } from '../api/add-devices.ts';
import { useCompanyOptions } from '../api/list-options.ts';
import { useVerifyDevices } from '../api/verify-devices.ts';
import { EXAMPLE_CSV, failedRows, readImport } from '../device-import.ts';

const ADD_DEVICES = 'add-devices';

interface Result {
  /** Added, or (a verification) could be added. */
  good: number;
  verified: boolean;
  failed: (DeviceRowResult & { line: number })[];
}

/**
 * Spec §2 "Add device" from a file (CSV, with a downloadable example) or a list: every row is
 * answered on its own; the good ones are added, the bad ones listed with their line and reason.
 */
function AddDevicesBody({ mode }: { mode: 'file' | 'list' }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const companies = useCompanyOptions();
  const add = useAddDevices();
  const verifyRows = useVerifyDevices();
  const reloadDevices = useReloadDevices();
  const [companyId, setCompanyId] = useState<number | ''>('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Result>();

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
    const parsed = readImport(mode, text);
    if ('problem' in parsed) {
      setError(t(parsed.problem));
      return;
    }
    setBusy(true);
    try {
      const { added, rows } = verify
        ? { added: 0, rows: await verifyRows.mutateAsync(parsed.devices) }
        : await add.mutateAsync({ companyId: companyId as number, devices: parsed.devices });
      setResult({
        good: verify ? rows.filter((row) => row.ok).length : added,
        verified: verify,
        failed: failedRows(rows, parsed.lines),
      });
      if (added > 0) await reloadDevices();
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
      {error && <ErrorAlert>{error}</ErrorAlert>}
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

registerModal(ADD_DEVICES, AddDevicesBody);

export function openAddDevices(mode: 'file' | 'list'): void {
  openModal({
    id: ADD_DEVICES,
    title: i18next.t(mode === 'file' ? 'devices.add.fromFile' : 'devices.add.fromList'),
    component: ADD_DEVICES,
    props: { mode },
  });
}
