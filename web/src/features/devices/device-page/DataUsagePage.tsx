import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { useDataUsage } from '../api/get-data-usage.ts';
import { DeviceFrame } from './DeviceFrame.tsx';
import { capable, NotAvailable, UsageTable } from './device-parts.tsx';

/** Data usage: mobile data per SIM per day (spec §9 bytes in 1024 steps), newest first. */
function DataUsage({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const usage = useDataUsage(device.id);
  if (usage.isError) return <ErrorAlert>{messageOf(usage.error)}</ErrorAlert>;
  if (usage.isPending) return <PageLoading />;
  if (usage.data.length === 0)
    return <Typography color="text.secondary">{t('device.usage.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <UsageTable
        testId="data-usage"
        heads={[t('device.usage.day'), t('device.usage.sim')]}
        rows={[...usage.data].reverse().map((row) => ({
          key: `${row.day}/${row.sim}`,
          cells: [row.day, t('device.metrics.simSlotValue', { slot: row.sim })],
          rx: row.rx_bytes,
          tx: row.tx_bytes,
        }))}
      />
    </Paper>
  );
}

/** /devices/{id}/data-usage. */
export default function DataUsagePage() {
  return (
    <DeviceFrame tab="device.data-usage">
      {(device) =>
        capable(device, 'data_usage') && capable(device, 'mobile') ? (
          <DataUsage device={device} />
        ) : (
          <NotAvailable />
        )
      }
    </DeviceFrame>
  );
}
