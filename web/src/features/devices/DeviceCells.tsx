import { connectionGeneration } from '@fleetport/contracts/connection';
import type { Device } from '@fleetport/contracts/device-schemas';
import type { DeviceStatus } from '@fleetport/contracts/devices';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The dot colour of each status (spec §4 labels). */
const STATUS_COLOURS: Record<DeviceStatus, string> = {
  online: 'success.main',
  offline: 'error.main',
  pending: 'warning.main',
  not_activated: 'text.disabled',
};

/** Spec §4 "Device online label": Offline, Online, Pending, otherwise Not Activated. */
export function StatusLabel({ status }: { status: DeviceStatus }) {
  const { t } = useTranslation();
  return (
    <Box
      component="span"
      data-status={status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLOURS[status], flexShrink: 0 }}
      />
      {t(`devices.status.${status}`)}
    </Box>
  );
}

/** Spec §9: 5G/4G/3G/2G or 'No service' (an empty type), with the modem's own word beside it (LTE, 5G-NSA). */
export function connectionLabel(t: TFunction, type: string | null): string {
  // No reading at all (a switch, an access point without a modem) is no connection to name.
  if (type === null) return '';
  const generation = connectionGeneration(type);
  if (generation === 'none') return t('devices.noService');
  return type && type !== generation ? `${generation} (${type})` : generation;
}

export function signalLabel(t: TFunction, rssi: number | null): string {
  return rssi === null ? '' : t('devices.dbm', { value: rssi });
}

/** A device's tags as small chips; names are users' text, rendered as text. */
export function TagChips({ tags }: { tags: Device['tags'] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, overflow: 'hidden' }}>
      {tags.map((tag) => (
        <Box
          component="span"
          key={tag.id}
          sx={{
            px: 0.75,
            borderRadius: 1,
            fontSize: '0.75rem',
            border: 1,
            borderColor: tag.color ?? 'divider',
            whiteSpace: 'nowrap',
          }}
        >
          {tag.name}
        </Box>
      ))}
    </Box>
  );
}
