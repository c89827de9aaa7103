import type { CompanyFile } from '@fleetport/contracts/files';
import { formatBytes } from '@fleetport/contracts/format';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { BACKUPS_URL, useBackupList } from './api/list-backups.ts';

// Cells with buttons come with the grid, not with the page.
const BackupActions = lazy(() =>
  import('./BackupActions.tsx').then((module) => ({ default: module.BackupActions })),
);
const dialogs = () => import('./dialogs/upload-backup.tsx');

function backupColumns(t: TFunction, language: string): ServerColumn<CompanyFile>[] {
  return [
    {
      field: 'device_name',
      headerName: t('files.backups.columns.device'),
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) =>
        row.device_id !== null && row.device_name !== null ? (
          <RouterLink to={pathOf('device.configuration', { id: row.device_id })} className="device-link">
            {row.device_name}
          </RouterLink>
        ) : (
          t('files.backups.values.noDevice')
        ),
    },
    {
      field: 'name',
      headerName: t('files.columns.name'),
      flex: 1.5,
      minWidth: 220,
      cellClassName: 'file-name',
    },
    {
      field: 'company_name',
      headerName: t('files.columns.company'),
      flex: 1,
      minWidth: 150,
      valueFormatter: (value: string | null) => value ?? t('files.values.none'),
    },
    {
      field: 'config_revision',
      headerName: t('files.backups.columns.revision'),
      type: 'number',
      width: 110,
      valueFormatter: (value: number | null) => (value === null ? '—' : String(value)),
    },
    dateColumn('created_at', t('files.backups.columns.taken'), language),
    {
      field: 'size',
      headerName: t('files.columns.size'),
      type: 'number',
      width: 100,
      valueFormatter: (value: number) => formatBytes(value),
    },
    {
      field: 'uploaded_by_name',
      headerName: t('files.backups.columns.by'),
      flex: 1,
      minWidth: 140,
      valueFormatter: (value: string | null) => value ?? t('files.values.nobody'),
    },
    actionsColumn<CompanyFile>(t('files.columns.actions'), 110, (row) => <BackupActions file={row} />),
  ];
}

/**
 * The Backups tab (issue 22 "Upload backup", spec §2 Export backup, Upload to device): every
 * backup file the user sees, a device's or one uploaded from a computer, with its device,
 * company, revision, date, size and who took or uploaded it; Upload backup; each row's Export
 * and Restore to a device. Search, sort and page are in the address.
 */
export function BackupsList() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const columns = useMemo(() => backupColumns(t, i18n.language), [t, i18n.language]);
  const list = useBackupList();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="backups-intro">
        {t('files.backups.intro')}
      </Typography>
      <ListToolbar<CompanyFile>
        searchLabel={t('files.backups.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: BACKUPS_URL,
          params: list.exportParams,
          fileName: t('files.backups.exportFile'),
          columns: [
            { header: t('files.backups.columns.device'), value: (row) => row.device_name },
            { header: t('files.columns.name'), value: (row) => row.name },
            { header: t('files.columns.company'), value: (row) => row.company_name },
            { header: t('files.backups.columns.revision'), value: (row) => row.config_revision },
            { header: t('files.backups.columns.taken'), value: (row) => row.created_at },
            { header: t('files.columns.size'), value: (row) => row.size },
            { header: t('files.backups.columns.by'), value: (row) => row.uploaded_by_name },
          ],
        }}
      >
        {can(user, 'manage_files') && (
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            onClick={() => void dialogs().then((module) => module.openUploadBackup())}
            data-testid="upload-backup"
          >
            {t('files.backups.upload.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<CompanyFile>
        list={list}
        label={t('files.backups.label')}
        columns={columns}
        emptyText={t('files.backups.empty')}
      />
    </>
  );
}
