import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import { deviceKind } from '@fleetport/contracts/devices';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { useBrand } from '../../../shared/lib/brand.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { RouteTabs } from '../../../shared/routing/RouteTabs.tsx';
import { EntityFrame } from '../../../shared/ui/EntityFrame.tsx';
import { useDevice } from '../api/get-device.ts';
import { useLiveDeviceStatus } from '../api/list-devices.ts';
import { StatusLabel, TagChips } from '../DeviceCells.tsx';
import { DeviceActions } from './DeviceActions.tsx';
import { DeviceImage } from './DeviceImage.tsx';
import { Fact } from './device-parts.tsx';
import { tabsWithout } from './tab-features.ts';

/**
 * A tab of the device page (/devices/{id}/…, spec §2): the device (GET /devices/{id}; 403 alike
 * for another tenant's and a missing one), its name on the heading and breadcrumbs, its facts
 * and actions, the tab bar, then the tab. Every text from the device is rendered as text.
 */
export function DeviceFrame({
  tab,
  children,
}: {
  tab: string;
  children: (device: DeviceDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  useLiveDeviceStatus();
  const device = useDevice(id, valid);
  return (
    <EntityFrame
      load={device}
      route="device"
      label={(data) => data.name}
      invalid={valid ? undefined : t('devices.loadFailed')}
      missing={t('device.notYours')}
      header={(data) => <DeviceHeader device={data} />}
      tabs={(data) => (
        <RouteTabs
          parent="device"
          current={tab}
          params={{ id }}
          label={t('route.device')}
          hidden={tabsWithout(data).filter((name) => name !== tab)}
        />
      )}
    >
      {children}
    </EntityFrame>
  );
}

/** The device's status, tags, actions and facts, then its custom box. */
function DeviceHeader({ device }: { device: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
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
            <StatusLabel status={device.status} />
          </Box>
          <TagChips tags={device.tags} />
          <Box sx={{ flex: 1 }} />
          {can(user, 'manage_devices') && <DeviceActions device={device} />}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {brand.branded_devices && device.model && <DeviceImage kind={deviceKind(device.model)} />}
          <Stack component="dl" direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
            <Fact label={t('devices.page.model')}>{device.model ?? '—'}</Fact>
            <Fact label={t('devices.page.firmware')}>{device.firmware ?? '—'}</Fact>
            <Fact label={t('devices.page.serial')}>{device.serial}</Fact>
            <Fact label={t('devices.page.mac')}>{device.mac}</Fact>
            <Fact label={t('devices.page.company')}>
              <Link component={RouterLink} to={`/companies/${device.company_id}`}>
                {device.company_name}
              </Link>
            </Fact>
            <Fact label={t('devices.page.lastSeen')}>
              {device.last_seen_at
                ? formatDateTime(device.last_seen_at, i18n.language)
                : t('devices.page.never')}
            </Fact>
            <Fact label={t('devices.page.creditUntil')}>
              {device.credit_until ? formatDateTime(device.credit_until, i18n.language) : '—'}
            </Fact>
          </Stack>
        </Stack>
      </Paper>
      {device.custom && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="custom-box">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {device.custom.title}
          </Typography>
          <Stack component="dl" direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
            {device.custom.fields.map((field) => (
              <Fact key={field.label} label={field.label}>
                {field.value || '—'}
              </Fact>
            ))}
          </Stack>
        </Paper>
      )}
    </>
  );
}
