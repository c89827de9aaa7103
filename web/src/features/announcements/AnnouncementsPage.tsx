import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { toast } from '../../shared/toasts/toasts.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { useAnnouncements } from './api/list-announcements.ts';
import { SUMMARY_MAX_LENGTH, sendAnnouncement, sentAnnouncement } from './api/send-announcement.ts';

/**
 * System services → Announcements (super admins): one notice to every user of a company or of
 * its whole subtree (a maintenance window, a policy change). Each recipient finds it in the
 * notifications bell at once; the list below is what was sent.
 */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  // A new form after each send: the fields start empty again.
  const [sent, setSent] = useState(0);
  const fields = useMemo<FieldSchema[]>(
    () => [
      {
        key: 'company_id',
        label: t('announcements.company'),
        component: 'ItemSelect',
        required: true,
        options: { url: '/companies', fields: ['id', 'name'], params: { sort: 'name' } },
      },
      {
        key: 'include_subsidiaries',
        label: t('announcements.includeSubsidiaries'),
        type: 'checkbox',
      },
      {
        key: 'summary',
        label: t('announcements.summary'),
        type: 'textarea',
        required: true,
        maxlength: SUMMARY_MAX_LENGTH,
        hint: t('announcements.summaryHint', { max: SUMMARY_MAX_LENGTH }),
      },
    ],
    [t],
  );
  const history = useAnnouncements();

  return (
    <Stack spacing={3}>
      <ServicesTabs current="services.announcements" />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('announcements.new')}
        </Typography>
        <SchemaForm
          key={sent}
          fields={fields}
          submitLabel={t('announcements.send')}
          submit={{
            url: sendAnnouncement.url,
            schema: {
              id: 'new-announcement',
              defaults: { include_subsidiaries: true },
              tableRef: sendAnnouncement.tableRef,
            },
            hideMsg: true,
            leaveOpen: true,
            onSuccess: (response) => {
              const recipients = sentAnnouncement(response)?.recipients ?? 0;
              toast(t('announcements.sent', { count: recipients }), { type: 'success' });
              setSent((count) => count + 1);
            },
          }}
        />
      </Paper>
      <Stack spacing={1}>
        <Typography variant="h6" component="h2">
          {t('announcements.history')}
        </Typography>
        {history.isPending ? (
          <PageLoading />
        ) : history.isError ? (
          <ErrorAlert>{t('announcements.loadFailed')}</ErrorAlert>
        ) : history.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="announcements-empty">
            {t('announcements.none')}
          </Typography>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('announcements.history')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('announcements.sentAt')}</TableCell>
                  <TableCell>{t('announcements.company')}</TableCell>
                  <TableCell>{t('announcements.summary')}</TableCell>
                  <TableCell align="right">{t('announcements.recipients')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.data.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.created_at, i18n.language)}
                    </TableCell>
                    <TableCell>
                      {row.include_subsidiaries
                        ? t('announcements.withSubsidiaries', { company: row.company_name })
                        : row.company_name}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.summary}</TableCell>
                    <TableCell align="right">{row.recipients}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
    </Stack>
  );
}
