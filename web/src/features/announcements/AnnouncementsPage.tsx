import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { api } from '../../shared/lib/api.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ServicesTabs } from '../../shared/routing/ServicesTabs.tsx';
import { toast } from '../../shared/toasts/toasts.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';

/** The API's `announcementSchema` (api/src/modules/announcements/routes.ts). */
interface Announcement {
  id: number;
  company_id: number;
  company_name: string;
  summary: string;
  include_subsidiaries: boolean;
  recipients: number;
  created_at: string;
}

/** The server's limit on a summary: a notification has to fit the bell. */
const SUMMARY_MAX_LENGTH = 500;
const ANNOUNCEMENTS_KEY = ['announcements', 'list'] as const;

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
  const history = useQuery({
    queryKey: ANNOUNCEMENTS_KEY,
    queryFn: async () =>
      (await api.http.get<{ data: Announcement[] }>('/announcements', { params: { limit: 100 } })).data.data,
  });

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
            url: '/announcements',
            schema: {
              id: 'new-announcement',
              defaults: { include_subsidiaries: true },
              tableRef: ANNOUNCEMENTS_KEY,
            },
            hideMsg: true,
            leaveOpen: true,
            onSuccess: (response) => {
              const recipients =
                (response as { data?: { recipients?: number } } | undefined)?.data?.recipients ?? 0;
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
          <Typography color="error">{t('announcements.loadFailed')}</Typography>
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
