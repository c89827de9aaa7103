import type { ApprovedDevice } from '@fleetport/contracts/device-schemas';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, lazy, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { csvFileProblem } from '../../shared/forms/list-input-rules.ts';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { useImportApprovedDevices, useReloadApprovedDevices } from './api/import-approved-devices.ts';
import { APPROVED_DEVICES_URL, APPROVED_LIST_KEY } from './api/list-approved-devices.ts';
import { brokerOutcome } from './approved-broker.ts';

// The row actions render inside the grid, which is lazy too: they come with it.
const ApprovedActions = lazy(() =>
  import('./ApprovedActions.tsx').then((module) => ({ default: module.ApprovedActions })),
);

/**
 * /auth-devices (spec §2, super admin): Approved Devices, the identities allowed to connect,
 * imported from a manufacturer's CSV (serial, mac, secret). Secrets are never shown. A bad file
 * is answered with its lines, and nothing of it is saved; with a Mosquitto broker Fleetport
 * provisions, the import says what the broker did. An identity in no company can be removed
 * (issue 31): its device is disconnected and can no longer connect.
 */
export default function ApprovedDevicesPage() {
  const { t, i18n } = useTranslation();
  const importApproved = useImportApprovedDevices();
  const reloadApproved = useReloadApprovedDevices();
  const [unclaimedParam, setUnclaimed] = useAddressFilter('unclaimed');
  const unclaimed = unclaimedParam === 'true';
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const [broker, setBroker] = useState<{ text: string; complete: boolean }>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const columns = useMemo<ServerColumn<ApprovedDevice>[]>(
    () => [
      { field: 'serial', headerName: t('devices.columns.serial'), width: 150 },
      { field: 'mac', headerName: t('devices.columns.mac'), width: 170 },
      {
        field: 'device_id',
        headerName: t('device.approved.device'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) =>
          row.device_id === null ? (
            t('device.approved.notAdded')
          ) : (
            <RouterLink to={`/devices/${row.device_id}`} className="device-link">
              {row.company_name ?? row.serial}
            </RouterLink>
          ),
      },
      dateColumn('last_seen_at', t('devices.columns.lastSeen'), i18n.language),
      dateColumn('created_at', t('device.approved.approved'), i18n.language),
      actionsColumn<ApprovedDevice>(t('device.approved.actionsColumn'), 90, (row) => (
        <ApprovedActions row={row} queryClient={queryClient} />
      )),
    ],
    [t, i18n.language, queryClient],
  );
  const fixed = useMemo(() => (unclaimed ? { unclaimed: 'true' } : undefined), [unclaimed]);
  const list = useServerList<ApprovedDevice>({
    gridId: 'auth-devices',
    url: APPROVED_DEVICES_URL,
    queryKey: APPROVED_LIST_KEY,
    inAddress: true,
    fixed,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(undefined);
    setBroker(undefined);
    const wrong = csvFileProblem({
      type: file.type || (file.name.endsWith('.csv') ? 'text/csv' : ''),
      size: file.size,
    });
    if (wrong) {
      setProblem(t(wrong === 'notCsv' ? 'forms.listInput.notCsv' : 'forms.listInput.csvTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const answer = await importApproved.mutateAsync(await file.text());
      toast(t('device.approved.imported', { count: answer.imported, skipped: answer.skipped }), {
        type: 'success',
      });
      setBroker(brokerOutcome(answer.broker, t));
      await reloadApproved();
    } catch (failure) {
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ListToolbar<ApprovedDevice>
        searchLabel={t('device.approved.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}
        >
          <input
            type="checkbox"
            checked={unclaimed}
            onChange={(event) => setUnclaimed(event.target.checked ? 'true' : '')}
            data-testid="approved-unclaimed"
          />
          {t('device.approved.onlyNotAdded')}
        </Box>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(event) => void importFile(event)}
          data-testid="approved-file"
        />
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
          data-testid="approved-import"
        >
          {t('device.approved.import')}
        </Button>
      </ListToolbar>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('device.approved.about')}
      </Alert>
      {broker && (
        <Alert
          severity={broker.complete ? 'success' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="approved-broker"
        >
          {broker.text}
        </Alert>
      )}
      {problem && (
        <Box data-testid="approved-problem">
          <ErrorAlert sx={{ mb: 2, whiteSpace: 'pre-line' }}>{problem}</ErrorAlert>
        </Box>
      )}
      <Box>
        <ListGrid<ApprovedDevice>
          list={list}
          label={t('route.auth-devices')}
          columns={columns}
          emptyText={t('device.approved.empty')}
        />
      </Box>
    </>
  );
}
