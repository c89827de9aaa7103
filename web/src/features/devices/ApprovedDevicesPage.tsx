import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { csvFileProblem } from '../../shared/forms/list-input-rules.ts';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { api } from '../../shared/lib/api.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { toast } from '../../shared/toasts/toasts.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('devices'), ensureArea('device'), ensureArea('grid'), ensureArea('forms')]);

interface Approved {
  id: number;
  serial: string;
  mac: string;
  device_id: number | null;
  company_name: string | null;
  last_seen_at: string | null;
  created_at: string;
}

const APPROVED_KEY = ['auth-devices'] as const;

/**
 * /auth-devices (spec §2, super admin): Approved Devices, the identities allowed to connect,
 * imported from a manufacturer's CSV (serial, mac, secret). Secrets are never shown. A bad file
 * is answered with its lines, and nothing of it is saved.
 */
export default function ApprovedDevicesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [unclaimed, setUnclaimed] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const columns = useMemo<ServerColumn<Approved>[]>(
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
    ],
    [t, i18n.language],
  );
  const fixed = useMemo(() => (unclaimed ? { unclaimed: 'true' } : undefined), [unclaimed]);
  const list = useServerList<Approved>({
    gridId: 'auth-devices',
    url: '/auth-devices',
    queryKey: [...APPROVED_KEY, 'list'],
    fixed,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(undefined);
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
      const answer = await api.http.post<{ data: { imported: number; skipped: number } }>('/auth-devices', {
        csv: await file.text(),
      });
      const { imported, skipped } = answer.data.data;
      toast(t('device.approved.imported', { count: imported, skipped }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: APPROVED_KEY });
    } catch (failure) {
      setProblem(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ListToolbar<Approved> searchLabel={t('device.approved.search')} onSearch={list.setSearch}>
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: '0.875rem' }}
        >
          <input
            type="checkbox"
            checked={unclaimed}
            onChange={(event) => setUnclaimed(event.target.checked)}
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
      {problem && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} data-testid="approved-problem">
          {problem}
        </Alert>
      )}
      <Box sx={{ '& a.device-link': { color: 'primary.main' } }}>
        <ListGrid<Approved>
          list={list}
          label={t('route.auth-devices')}
          columns={columns}
          emptyText={t('device.approved.empty')}
        />
      </Box>
    </>
  );
}
