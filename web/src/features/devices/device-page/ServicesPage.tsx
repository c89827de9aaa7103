import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { l2tpStatus } from '@fleetport/contracts/devices';
import { formatBytes } from '@fleetport/contracts/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { TABLE_SX } from '../../../shared/ui/readings.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import { Fact, Facts, latestReading, NotAvailable, numberOf, Section, textOf } from './device-parts.tsx';

interface L2tpInstance {
  name: string;
  enabled: boolean;
  running: boolean;
  online: boolean;
}

/** What the device's services last reported (Wi-Fi, hotspot, dynamic DNS, L2TP). */
function Services({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const has = (feature: string) => device.capabilities?.[feature] === true;
  const reading = (category: string) => latestReading(device, category);
  const when = (category: string) => {
    const at = reading(category)?.at;
    return at
      ? t('device.services.reported', { when: formatDateTime(at, i18n.language) })
      : t('device.services.notYet');
  };
  const shown = ['wifi', 'hotspot', 'ddns', 'l2tp'].filter(has);
  if (shown.length === 0) return <NotAvailable />;
  const ssids = Array.isArray(reading('wireless')?.data.ssids)
    ? (reading('wireless')?.data.ssids as { ssid: string; band: string; clients: number }[])
    : [];
  const hotspot = reading('hotspot')?.data;
  const ddns = reading('ddns')?.data;
  const instances = Array.isArray(reading('l2tp')?.data.instances)
    ? (reading('l2tp')?.data.instances as L2tpInstance[])
    : [];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {has('wifi') && (
        <Section title={t('device.services.wifi')} testId="service-wifi">
          <Typography variant="caption" color="text.secondary">
            {when('wireless')}
          </Typography>
          {ssids.length > 0 && (
            <Box component="table" sx={TABLE_SX}>
              <thead>
                <tr>
                  <th>{t('device.services.ssid')}</th>
                  <th>{t('device.services.band')}</th>
                  <th>{t('device.services.clients')}</th>
                </tr>
              </thead>
              <tbody>
                {ssids.map((ssid) => (
                  <tr key={`${ssid.ssid}/${ssid.band}`}>
                    <td>{ssid.ssid}</td>
                    <td>{ssid.band}</td>
                    <td>{ssid.clients}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          )}
        </Section>
      )}
      {has('hotspot') && (
        <Section title={t('device.services.hotspot')} testId="service-hotspot">
          <Typography variant="caption" color="text.secondary">
            {when('hotspot')}
          </Typography>
          {hotspot && (
            <Facts>
              <Fact label={t('device.services.sessions')}>{numberOf(hotspot.sessions) ?? '—'}</Fact>
              <Fact label={t('device.usage.received')}>{formatBytes(numberOf(hotspot.rx_bytes)) || '—'}</Fact>
              <Fact label={t('device.usage.sent')}>{formatBytes(numberOf(hotspot.tx_bytes)) || '—'}</Fact>
            </Facts>
          )}
        </Section>
      )}
      {has('ddns') && (
        <Section title={t('device.services.ddns')} testId="service-ddns">
          <Typography variant="caption" color="text.secondary">
            {when('ddns')}
          </Typography>
          {ddns && (
            <Facts>
              <Fact label={t('device.services.hostname')}>{textOf(ddns.hostname) ?? '—'}</Fact>
              <Fact label={t('device.services.ddnsStatus')}>
                {t(`device.services.ddnsStatuses.${textOf(ddns.status) ?? 'disabled'}`, {
                  defaultValue: textOf(ddns.status) ?? '',
                })}
              </Fact>
            </Facts>
          )}
        </Section>
      )}
      {has('l2tp') && (
        <Section title={t('device.services.l2tp')} testId="service-l2tp">
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="l2tp-status">
            {t(`device.services.l2tpStatus.${l2tpStatus(instances)}`)}
          </Typography>
          {instances.length > 0 && (
            <Box component="table" sx={TABLE_SX}>
              <thead>
                <tr>
                  <th>{t('device.services.instance')}</th>
                  <th>{t('device.services.state')}</th>
                </tr>
              </thead>
              <tbody>
                {instances.map((instance) => (
                  <tr key={instance.name}>
                    <td>{instance.name}</td>
                    <td>
                      {!instance.enabled
                        ? t('device.services.disabled')
                        : instance.running && instance.online
                          ? t('device.services.up')
                          : t('device.services.down')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          )}
        </Section>
      )}
    </Box>
  );
}

/** /devices/{id}/services. */
export default function ServicesPage() {
  return <DeviceFrame tab="device.services">{(device) => <Services device={device} />}</DeviceFrame>;
}
