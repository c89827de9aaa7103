import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { GROUPINGS, type Grouping, useDeviceStatistics } from './api/get-device-statistics.ts';

/** A group's name: the status and connection words of spec §4 and §9; a model or firmware as reported. */
function labelOf(t: TFunction, by: Grouping, key: string | null): string {
  if (by === 'status') return t(`devices.status.${key as 'online'}`);
  if (by === 'connection_type') return key === 'none' ? t('devices.noService') : (key ?? '');
  return key ?? t('device.statistics.unknown');
}

/** One breakdown as horizontal bars, largest first, with the share of each. */
function Breakdown({ by }: { by: Grouping }) {
  const { t, i18n } = useTranslation();
  const counts = useDeviceStatistics(by);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`statistics-${by}`}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t(`device.statistics.by.${by}`)}
      </Typography>
      {counts.isError && <ErrorAlert>{messageOf(counts.error)}</ErrorAlert>}
      {counts.isPending && <PageLoading />}
      {counts.data && counts.data.total === 0 && (
        <Typography color="text.secondary">{t('device.statistics.none')}</Typography>
      )}
      {counts.data && counts.data.total > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
          {[
            ...counts.data.groups.map((group) => ({ label: labelOf(t, by, group.key), count: group.count })),
            ...(counts.data.other > 0
              ? [{ label: t('device.statistics.other'), count: counts.data.other }]
              : []),
          ].map((row) => {
            const share = row.count / (counts.data?.total || 1);
            return (
              <Box key={row.label}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontSize: '0.875rem' }}>
                  <Box component="dt" sx={{ overflowWrap: 'anywhere' }}>
                    {row.label}
                  </Box>
                  <Box component="dd" sx={{ m: 0, whiteSpace: 'nowrap', color: 'text.secondary' }}>
                    {number.format(row.count)} · {Math.round(share * 100)}%
                  </Box>
                </Box>
                <Box
                  sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
                  aria-hidden
                >
                  <Box sx={{ height: 1, width: `${Math.max(1, share * 100)}%`, bgcolor: 'primary.main' }} />
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}

/**
 * /statistics/online-devices (spec §2 Statistics): how many of the user's devices are online,
 * and the fleet by status, connection type, model and firmware.
 */
export default function StatisticsDevicesPage() {
  const { t, i18n } = useTranslation();
  const status = useDeviceStatistics('status');
  const online = status.data?.groups.find((group) => group.key === 'online')?.count ?? 0;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.online-devices" label={t('route.statistics')} />
      {status.data && (
        <Typography variant="h5" component="p" sx={{ mb: 2 }} data-testid="statistics-online">
          {t('device.statistics.online', {
            online: number.format(online),
            total: number.format(status.data.total),
            count: status.data.total,
          })}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {GROUPINGS.map((by) => (
          <Breakdown key={by} by={by} />
        ))}
      </Box>
    </>
  );
}
