import type { CompanyFile } from '@fleetport/contracts/files';
import { formatBytes } from '@fleetport/contracts/format';
import DownloadIcon from '@mui/icons-material/Download';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { useDownloadFile } from './api/download-file.ts';
import { useFiles } from './api/list-files.ts';

/** /management/files: the files of the companies the user may see, newest first, to download. */
export default function FilesPage() {
  const { t, i18n } = useTranslation();
  const files = useFiles();
  const downloads = useDownloadFile();
  if (files.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (files.isError) return <ErrorAlert>{messageOf(files.error)}</ErrorAlert>;
  if (files.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary" data-testid="files-empty">
          {t('files.empty')}
        </Typography>
      </Paper>
    );
  }
  const download = (file: CompanyFile) =>
    downloads.mutateAsync(file).catch((error: unknown) => toast(messageOf(error), { type: 'error' }));
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('route.files')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('files.name')}</TableCell>
            <TableCell>{t('files.description')}</TableCell>
            <TableCell align="right">{t('files.size')}</TableCell>
            <TableCell>{t('files.uploaded')}</TableCell>
            <TableCell align="right">{t('files.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.data.map((file) => (
            <TableRow key={file.id} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{file.name}</TableCell>
              <TableCell>{file.description}</TableCell>
              <TableCell align="right">{formatBytes(file.size)}</TableCell>
              <TableCell>{formatDateTime(file.created_at, i18n.language)}</TableCell>
              <TableCell align="right">
                <IconButton
                  aria-label={t('files.download', { name: file.name })}
                  onClick={() => download(file)}
                >
                  <DownloadIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
