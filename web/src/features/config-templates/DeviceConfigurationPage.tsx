import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DevicePicker } from '../../shared/devices/DevicePicker.tsx';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { TemplatesList } from './TemplatesList.tsx';

/**
 * /device-configuration (spec §2 Device configuration, Saved configurations; issue 22): a device's
 * configuration one search away (its Configuration tab: every section in forms, a raw view, its
 * backups and template), and the configuration templates.
 */
export default function DeviceConfigurationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <Box sx={{ maxWidth: 480, mb: 3 }}>
        <DevicePicker
          value={undefined}
          onChange={(device) => {
            if (device) void navigate(pathOf('device.configuration', { id: device.id }));
          }}
          label={t('device.templates.openDevice')}
          hint={t('device.templates.openDeviceHint')}
          testId="device-configuration-open"
        />
      </Box>
      <TemplatesList />
    </>
  );
}
