import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { LineChart, TABLE_SX } from '../../shared/ui/readings.tsx';
import { type ActivityUnit, useActivity } from './api/get-activity.ts';

/** Unique devices, connections, refused attempts and devices added per period, as a chart and a table. */
export function ActivityTable({ by, periods, tab }: { by: ActivityUnit; periods: number; tab: string }) {
  const { t, i18n } = useTranslation();
  const activity = useActivity(by, periods);
  const label = (period: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone: 'UTC',
      ...(by === 'month'
        ? { year: 'numeric', month: 'long' }
        : { year: 'numeric', month: 'short', day: 'numeric' }),
    }).format(new Date(`${period}T00:00:00Z`));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <RouteTabs parent="statistics" current={tab} label={t('route.statistics')} />
      {activity.isError && <ErrorAlert>{messageOf(activity.error)}</ErrorAlert>}
      {activity.isPending && <PageLoading />}
      {activity.data && (
        <>
          <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 900 }}>
            <Typography variant="subtitle2">{t('device.statistics.uniqueDevices')}</Typography>
            <LineChart
              label={t('device.metrics.chartOf', { name: t('device.statistics.uniqueDevices') })}
              points={activity.data.map((row) => ({
                at: Date.parse(`${row.period}T00:00:00Z`),
                value: row.unique_devices,
              }))}
              language={i18n.language}
              format={(value) => number.format(Math.round(value))}
            />
          </Paper>
          <Paper variant="outlined">
            <Box component="table" sx={TABLE_SX} data-testid={`statistics-${by}`}>
              <thead>
                <tr>
                  <th>{by === 'month' ? t('device.statistics.month') : t('device.statistics.day')}</th>
                  <th>{t('device.statistics.uniqueDevices')}</th>
                  <th>{t('device.statistics.connections')}</th>
                  <th>{t('device.statistics.refused')}</th>
                  <th>{t('device.statistics.added')}</th>
                </tr>
              </thead>
              <tbody>
                {[...activity.data].reverse().map((row) => (
                  <tr key={row.period}>
                    <td>{label(row.period)}</td>
                    <td>{number.format(row.unique_devices)}</td>
                    <td>{number.format(row.connections)}</td>
                    <td>{number.format(row.refused)}</td>
                    <td>{number.format(row.devices_added)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Paper>
        </>
      )}
    </>
  );
}
