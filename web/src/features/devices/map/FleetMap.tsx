import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../../shared/api/messages.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useDevicePositions } from '../api/get-device-positions.ts';
import { DeviceMap } from './DeviceMap.tsx';

/**
 * The devices page's map view: every device matching the page's filters and search
 * that has reported a position, clustered; a device opens its page.
 */
export function FleetMap({ params, total }: { params: Record<string, string | number>; total: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { points, done, error } = useDevicePositions(params);
  return (
    <>
      {error !== undefined && <ErrorAlert sx={{ mb: 1 }}>{messageOf(error)}</ErrorAlert>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="map-count">
        {done
          ? t('device.map.count', { count: points.length, total: Math.max(total, points.length) })
          : t('device.map.loading', { count: points.length })}
      </Typography>
      <DeviceMap
        points={points}
        onOpen={(id) => void navigate(`/devices/${id}/location`)}
        height={560}
        label={t('device.map.label')}
      />
    </>
  );
}
