import { deviceKind } from '@fleetport/contracts/devices';
import { formatTemperature } from '@fleetport/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { api } from '../../shared/lib/api.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useBrand } from '../../shared/lib/brand.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { usePageLabel } from '../../shared/routing/page-labels.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { type DeviceDetail, deviceKey, useLiveDeviceStatus } from './api.ts';
import { connectionLabel, StatusLabel, signalLabel, TagChips } from './DeviceCells.tsx';
import { DeviceImage } from './DeviceImage.tsx';
import { Gps, Io, Location, MobileData, Services } from './DeviceTabs.tsx';
import {
  capable,
  Fact,
  Facts,
  NotAvailable,
  numberOf,
  type Period,
  PeriodPicker,
  reasonText,
  Section,
  TABLE_SX,
  UsageTable,
  useReadings,
} from './device-parts.tsx';
import { LineChart } from './LineChart.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await Promise.all([ensureArea('devices'), ensureArea('device')]);

const dialogs = () => import('./device-dialogs.tsx');
const tools = () => import('./device-tools.tsx');

/**
 * A tab of the device page (/devices/{id}/…, spec §2): the device (GET /devices/{id}; 403 alike
 * for another tenant's and a missing one), its name on the heading and breadcrumbs, its facts
 * and actions (reboot and refresh report through the 'Action status' modal), the tab bar, then
 * the tab. Every text from the device is rendered as text.
 */
function DeviceFrame({ tab, children }: { tab: string; children: (device: DeviceDetail) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  useLiveDeviceStatus();
  const device = useQuery({
    queryKey: deviceKey(id),
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: DeviceDetail }>(`/devices/${id}`, { signal })).data.data,
    enabled: valid,
  });
  usePageLabel('device', device.data?.name);
  if (!valid || device.isError) {
    return (
      <Alert severity="error">{device.isError ? messageOf(device.error) : t('devices.loadFailed')}</Alert>
    );
  }
  if (device.isPending) return <PageLoading />;
  const data = device.data;
  const manages = can(user, 'manage_devices');
  const connected = data.status === 'online' || data.status === 'not_activated';
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}
        >
          <Box data-testid="device-status">
            <StatusLabel status={data.status} />
          </Box>
          <TagChips tags={data.tags} />
          <Box sx={{ flex: 1 }} />
          {manages && (
            <>
              <Button
                onClick={() => void dialogs().then((module) => module.runDeviceAction(data, 'refresh'))}
                disabled={!connected}
                data-testid="device-refresh"
              >
                {t('devices.page.refresh')}
              </Button>
              <Button
                onClick={() => void dialogs().then((module) => module.confirmReboot(data))}
                disabled={!connected}
                data-testid="device-reboot"
              >
                {t('devices.page.reboot')}
              </Button>
              <Button
                variant="outlined"
                onClick={() => void dialogs().then((module) => module.openEditDevice(data))}
              >
                {t('devices.edit')}
              </Button>
              <MoreActions device={data} connected={connected} />
            </>
          )}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {brand.branded_devices && data.model && <DeviceImage kind={deviceKind(data.model)} />}
          <Stack component="dl" direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
            <Fact label={t('devices.page.model')}>{data.model ?? '—'}</Fact>
            <Fact label={t('devices.page.firmware')}>{data.firmware ?? '—'}</Fact>
            <Fact label={t('devices.page.serial')}>{data.serial}</Fact>
            <Fact label={t('devices.page.mac')}>{data.mac}</Fact>
            <Fact label={t('devices.page.company')}>
              <Link component={RouterLink} to={`/companies/${data.company_id}`}>
                {data.company_name}
              </Link>
            </Fact>
            <Fact label={t('devices.page.lastSeen')}>
              {data.last_seen_at ? formatDateTime(data.last_seen_at, i18n.language) : t('devices.page.never')}
            </Fact>
            <Fact label={t('devices.page.creditUntil')}>
              {data.credit_until ? formatDateTime(data.credit_until, i18n.language) : '—'}
            </Fact>
          </Stack>
        </Stack>
      </Paper>
      {data.custom && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="custom-box">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {data.custom.title}
          </Typography>
          <Stack component="dl" direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
            {data.custom.fields.map((field) => (
              <Fact key={field.label} label={field.label}>
                {field.value || '—'}
              </Fact>
            ))}
          </Stack>
        </Paper>
      )}
      <RouteTabs
        parent="device"
        current={tab}
        params={{ id }}
        label={t('route.device')}
        hidden={tabsWithout(data).filter((name) => name !== tab)}
      />
      {children(data)}
    </>
  );
}

/** The device's less frequent tools, in a menu beside its main actions. */
function MoreActions({ device, connected }: { device: DeviceDetail; connected: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        data-testid="device-more"
      >
        {t('device.more')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={!connected}
          onClick={run(() => void tools().then((module) => module.openDeviceCli(device)))}
          data-testid="device-cli"
        >
          {t('device.cli.title')}
        </MenuItem>
        <MenuItem
          disabled={!connected}
          onClick={run(() => void tools().then((module) => module.openPasswordManager([device])))}
          data-testid="device-password"
        >
          {t('device.passwords.title')}
        </MenuItem>
        <MenuItem
          onClick={run(() => void tools().then((module) => module.openNewNote(device)))}
          data-testid="device-new-note"
        >
          {t('device.notes.new')}
        </MenuItem>
        <MenuItem
          onClick={run(() => void tools().then((module) => module.openCustomBox(device)))}
          data-testid="device-custom-box"
        >
          {t('device.custom.title')}
        </MenuItem>
        <MenuItem
          onClick={run(() => void tools().then((module) => module.openUpdateHistory(device)))}
          data-testid="device-update-history"
        >
          {t('device.updates.title')}
        </MenuItem>
        <MenuItem onClick={run(() => void dialogs().then((module) => module.openDeviceTags(device)))}>
          {t('devices.page.editTags')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** The features each tab needs (any one of them); a device without them has no such tab. */
const TAB_FEATURES: Record<string, readonly string[]> = {
  'device.location': ['gps'],
  'device.metrics.dynamic': ['mobile'],
  'device.metrics.mobile-data': ['mobile'],
  'device.metrics.io': ['io'],
  'device.metrics.gps': ['gps'],
  'device.data-usage': ['data_usage'],
  'device.services': ['wifi', 'hotspot', 'ddns', 'l2tp'],
};

/**
 * The capabilities derived from model and firmware decide which tabs show. A tab opened
 * by its address anyway (a link, a bookmark) shows 'not available for this device'.
 */
function tabsWithout(device: DeviceDetail): string[] {
  return Object.entries(TAB_FEATURES)
    .filter(([, features]) => !features.some((feature) => capable(device, feature)))
    .map(([name]) => name);
}

interface ActivityEvent {
  id: string;
  at: string;
  kind: 'connection' | 'action' | 'note';
  reason?: number;
  detail?: string | null;
  action?: string;
  user_email?: string | null;
  note_id?: number;
}

function Activity({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const events = useQuery({
    queryKey: [...deviceKey(device.id), 'activity'],
    staleTime: 0,
    refetchInterval: 15_000,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: ActivityEvent[] }>(`/devices/${device.id}/activity`, { signal })).data.data,
  });
  if (events.isError) return <Alert severity="error">{messageOf(events.error)}</Alert>;
  if (events.isPending) return <PageLoading />;
  if (events.data.length === 0)
    return <Typography color="text.secondary">{t('device.activity.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <Box component="table" sx={TABLE_SX} data-testid="device-activity">
        <thead>
          <tr>
            <th>{t('device.activity.when')}</th>
            <th>{t('device.activity.event')}</th>
            <th>{t('device.activity.details')}</th>
          </tr>
        </thead>
        <tbody>
          {events.data.map((event) => (
            <tr key={event.id}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at, i18n.language)}</td>
              <td>
                {event.kind === 'connection'
                  ? reasonText(t, event.reason)
                  : event.kind === 'note'
                    ? t('device.notes.by', { who: event.user_email ?? t('device.notes.someone') })
                    : t('device.activity.action', { action: event.action ?? '' })}
              </td>
              <td
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid={`event-${event.kind}`}
              >
                {event.detail ?? ''}
                {event.kind === 'note' && event.note_id !== undefined && can(user, 'manage_devices') && (
                  <Button
                    size="small"
                    color="error"
                    sx={{ ml: 1 }}
                    onClick={() =>
                      void tools().then((module) =>
                        module.deleteNote(
                          device,
                          event.note_id as number,
                          () => void queryClient.invalidateQueries({ queryKey: deviceKey(device.id) }),
                        ),
                      )
                    }
                  >
                    {t('device.notes.delete')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

/** Dynamic metrics: the latest readings and the signal, radio and temperature charts over a period. */
function DynamicMetrics({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<Period>('24h');
  const readings = useReadings(device.id, 'dynamic', period);
  const latest = device.state.dynamic?.data ?? {};
  const series = (key: string, scale = 1) =>
    (readings.data ?? []).flatMap((reading) => {
      const value = numberOf(reading.data[key]);
      return value === null ? [] : [{ at: Date.parse(reading.at), value: value * scale }];
    });
  const charts = [
    { key: 'signal', label: t('device.metrics.signal') },
    { key: 'rsrp', label: t('device.metrics.rsrp') },
    { key: 'rsrq', label: t('device.metrics.rsrq') },
    { key: 'sinr', label: t('device.metrics.sinr') },
    { key: 'temperature', label: t('device.metrics.temperature'), scale: 0.1 },
  ];
  const uptime = numberOf(latest.uptime_s);
  return (
    <>
      <Section title={t('device.metrics.latest')}>
        <Facts testId="latest-readings">
          <Fact label={t('device.metrics.connection')}>
            {connectionLabel(t, (latest.connection_type as string | null) ?? null)}
          </Fact>
          <Fact label={t('device.metrics.signal')}>{signalLabel(t, numberOf(latest.signal))}</Fact>
          <Fact label={t('device.metrics.operator')}>
            {typeof latest.operator === 'string' ? latest.operator : '—'}
          </Fact>
          <Fact label={t('device.metrics.simSlot')}>
            {numberOf(latest.sim_slot) !== null
              ? t('device.metrics.simSlotValue', { slot: latest.sim_slot as number })
              : '—'}
          </Fact>
          <Fact label={t('device.metrics.temperature')}>
            {formatTemperature(numberOf(latest.temperature)) || '—'}
          </Fact>
          <Fact label={t('device.metrics.uptime')}>
            {uptime === null ? '—' : `${Math.floor(uptime / 3600)} h ${Math.floor((uptime % 3600) / 60)} min`}
          </Fact>
          <Fact label={t('device.metrics.wanIp')}>
            {typeof latest.wan_ip === 'string' ? latest.wan_ip : '—'}
          </Fact>
        </Facts>
      </Section>
      <PeriodPicker value={period} onChange={setPeriod} />
      {readings.isError && <Alert severity="error">{messageOf(readings.error)}</Alert>}
      {readings.data && readings.data.length === 0 && (
        <Typography color="text.secondary">{t('devices.page.noData')}</Typography>
      )}
      {readings.data && readings.data.length > 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {charts.map((chart) => (
            <Paper key={chart.key} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2">{chart.label}</Typography>
              <LineChart
                label={t('device.metrics.chartOf', { name: chart.label })}
                points={series(chart.key, chart.scale)}
                language={i18n.language}
              />
            </Paper>
          ))}
        </Box>
      )}
    </>
  );
}

interface UsageRow {
  day: string;
  sim: number;
  rx_bytes: number;
  tx_bytes: number;
}

/** Data usage: mobile data per SIM per day (spec §9 bytes in 1024 steps). */
function DataUsage({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: [...deviceKey(device.id), 'data-usage'],
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: UsageRow[] }>(`/devices/${device.id}/data-usage`, { signal })).data.data,
  });
  if (usage.isError) return <Alert severity="error">{messageOf(usage.error)}</Alert>;
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

/** /devices/{id}/activity: the connection log and the actions taken (spec §2 default tab). */
export function ActivityPage() {
  return <DeviceFrame tab="device.activity">{(device) => <Activity device={device} />}</DeviceFrame>;
}

/** /management/devices/{id}/metrics/dynamic. */
export function DynamicMetricsPage() {
  return (
    <DeviceFrame tab="device.metrics.dynamic">
      {(device) => (capable(device, 'mobile') ? <DynamicMetrics device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}

/** /devices/{id}/data-usage. */
export function DataUsagePage() {
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

/** /devices/{id}/location. */
export function LocationPage() {
  return (
    <DeviceFrame tab="device.location">
      {(device) => (capable(device, 'gps') ? <Location device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}

/** /management/devices/{id}/metrics/mobile-data. */
export function MobileDataPage() {
  return (
    <DeviceFrame tab="device.metrics.mobile-data">
      {(device) => (capable(device, 'mobile') ? <MobileData device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}

/** /management/devices/{id}/metrics/io. */
export function IoPage() {
  return (
    <DeviceFrame tab="device.metrics.io">
      {(device) => (capable(device, 'io') ? <Io device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}

/** /management/devices/{id}/metrics/gps. */
export function GpsPage() {
  return (
    <DeviceFrame tab="device.metrics.gps">
      {(device) => (capable(device, 'gps') ? <Gps device={device} /> : <NotAvailable />)}
    </DeviceFrame>
  );
}

/** /devices/{id}/services. */
export function ServicesPage() {
  return <DeviceFrame tab="device.services">{(device) => <Services device={device} />}</DeviceFrame>;
}
