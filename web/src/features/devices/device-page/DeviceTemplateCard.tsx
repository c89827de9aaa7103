import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { useDeviceConfiguration } from '../api/get-device-configuration.ts';

// The dialogs, the form engine and the contract are a chunk of their own, fetched on the first click.
const templateDialogs = () => import('../dialogs/device-template.tsx');

/**
 * The device and its template on the Configuration tab (Saved configurations, Templates; issue
 * 22): 'Follows the template “Depot” · In line', or '· Drifted: 2 settings differ' with the
 * differences one click away. With manage_devices, 'Save as template' keeps the device's settings
 * as a template of its company; with manage_device_task_groups, a drifted device's 'Apply the
 * template' gives it the template's settings (a task, followed like the page's other actions).
 */
export function DeviceTemplateCard({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The tab's own read (one cache entry): nothing is asked twice.
  const configuration = useDeviceConfiguration(device.id);
  if (!configuration.data?.config) return null;
  const { template, revision } = configuration.data;
  const saves = can(user, 'manage_devices');
  const applies = can(user, 'manage_device_task_groups');
  if (!template && !saves) return null;
  const target = {
    id: device.id,
    name: device.name,
    connected: device.status === 'online' || device.status === 'not_activated',
  };
  const drifted = template !== null && template.drift.length > 0;
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }} data-testid="device-template">
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography sx={{ flex: 1, minWidth: 240 }} data-testid="device-template-state">
          {template === null ? (
            t('device.templates.card.none')
          ) : (
            <>
              {t('device.templates.card.follows', { name: template.name })}
              {' · '}
              {drifted ? (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('device.templates.card.drifted', { count: template.drift.length })}
                  data-testid="device-template-drifted"
                />
              ) : (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  label={t('device.templates.card.inLine')}
                  data-testid="device-template-in-line"
                />
              )}
            </>
          )}
        </Typography>
        {drifted && (
          <Button
            size="small"
            data-testid="device-template-differences"
            onClick={() => void templateDialogs().then((module) => module.openDifferences(device, template))}
          >
            {t('device.templates.card.showDifferences')}
          </Button>
        )}
        {drifted && applies && (
          <Button
            size="small"
            variant="outlined"
            data-testid="device-template-apply"
            onClick={() =>
              void templateDialogs().then((module) =>
                module.confirmApplyTemplate(target, template, user.company_id, revision, queryClient),
              )
            }
          >
            {t('device.templates.card.apply')}
          </Button>
        )}
        {saves && (
          <Button
            size="small"
            data-testid="device-template-save"
            onClick={() =>
              void templateDialogs().then((module) =>
                module.openSaveTemplate(device, (path) => void navigate(path)),
              )
            }
          >
            {t('device.templates.card.saveAs')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
