import type { DeviceConfiguration } from '@fleetport/contracts/device-config';
import type { DeviceDetail } from '@fleetport/contracts/device-schemas';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { useDeviceConfiguration } from '../api/get-device-configuration.ts';
import { freeSection, readableSections, type ShownSection } from './config-sections.ts';
import { DeviceBackups } from './DeviceBackups.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import { DeviceTemplateCard } from './DeviceTemplateCard.tsx';
import { Fact, Facts, Section } from './device-parts.tsx';

type View = 'sections' | 'raw';

/** 'Revision 7 · changed on the device · reported Nov 26, 2026, 9:30 AM'. */
function Provenance({ configuration }: { configuration: DeviceConfiguration }) {
  const { t, i18n } = useTranslation();
  const { revision, changed_by: by, reported_at: at } = configuration;
  const parts = [
    revision === null ? undefined : t('device.config.revision', { revision }),
    by === null ? undefined : t(`device.config.changedBy.${by}`),
    at === null ? undefined : t('device.config.reported', { when: formatDateTime(at, i18n.language) }),
  ].filter((part) => part !== undefined);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="config-provenance">
      {parts.join(' · ')}
    </Typography>
  );
}

// The form and its contract schemas are a chunk of their own, fetched when a form is first opened.
const sectionDialog = () => import('../dialogs/ConfigSectionDialog.tsx');

/**
 * The configuration the device last reported (issue 22): each section a card in words, or the
 * whole tree as JSON; everything in it is the device's text, rendered as text. With
 * manage_devices, a known section has Edit (a port forward Remove too), and a port forward can
 * be added: each change a task, followed in 'Action status'.
 */
export function Configuration({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const configuration = useDeviceConfiguration(device.id);
  const [view, setView] = useState<View>('sections');
  if (configuration.isError) return <ErrorAlert>{messageOf(configuration.error)}</ErrorAlert>;
  if (configuration.isPending) return <PageLoading />;
  const { config, revision } = configuration.data;
  if (config === null)
    return (
      <Typography color="text.secondary" data-testid="config-empty">
        {t('device.config.empty')}
      </Typography>
    );
  const manages = can(user, 'manage_devices');
  const target = {
    device: {
      id: device.id,
      name: device.name,
      connected: device.status === 'online' || device.status === 'not_activated',
    },
    companyId: user.company_id,
    revision,
  };
  const newForward = freeSection(config, 'firewall.redirect');
  const actions = (section: ShownSection) => {
    const { kind, name, title } = section;
    if (!manages || !kind) return undefined;
    return (
      <>
        {kind === 'firewall.redirect' && (
          <Button
            size="small"
            color="error"
            aria-label={t('device.config.edit.removeSection', { section: title })}
            data-testid={`config-remove-${name}`}
            onClick={() =>
              void sectionDialog().then((module) =>
                module.confirmRemoveSection(target, { name, title }, queryClient),
              )
            }
          >
            {t('device.config.edit.remove')}
          </Button>
        )}
        <Button
          size="small"
          aria-label={t('device.config.edit.editSection', { section: title })}
          data-testid={`config-edit-${name}`}
          onClick={() =>
            void sectionDialog().then((module) =>
              module.openConfigSection(target, { name, kind, title, section: config[name] }),
            )
          }
        >
          {t('device.config.edit.edit')}
        </Button>
      </>
    );
  };
  return (
    <>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Provenance configuration={configuration.data} />
        <Box sx={{ flex: 1 }} />
        {manages && (
          <Button
            variant="outlined"
            size="small"
            disabled={newForward === undefined}
            data-testid="config-add-forward"
            onClick={() =>
              newForward &&
              void sectionDialog().then((module) =>
                module.openConfigSection(target, { name: newForward, kind: 'firewall.redirect', title: '' }),
              )
            }
          >
            {t('device.config.edit.addForward')}
          </Button>
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: View | null) => next && setView(next)}
          aria-label={t('device.config.view')}
        >
          <ToggleButton value="sections" data-testid="config-view-sections">
            {t('device.config.readable')}
          </ToggleButton>
          <ToggleButton value="raw" data-testid="config-view-raw">
            {t('device.config.raw')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {view === 'raw' ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography
            component="pre"
            variant="body2"
            aria-label={t('device.config.rawLabel')}
            data-testid="config-raw"
            sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
          >
            {JSON.stringify(config, null, 2)}
          </Typography>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {readableSections(t, config).map((section) => (
            <Section
              key={section.name}
              title={section.title}
              testId={`config-section-${section.name}`}
              actions={actions(section)}
            >
              <Facts>
                {section.options.map((option) => (
                  <Fact key={option.name} label={option.label}>
                    {option.value}
                  </Fact>
                ))}
              </Facts>
            </Section>
          ))}
        </Box>
      )}
    </>
  );
}

/** /devices/{id}/configuration: the configuration, then the device's backups. */
export default function ConfigurationPage() {
  return (
    <DeviceFrame tab="device.configuration">
      {(device) => (
        <>
          <DeviceTemplateCard device={device} />
          <Configuration device={device} />
          <Box sx={{ mt: 2 }}>
            <DeviceBackups device={device} />
          </Box>
        </>
      )}
    </DeviceFrame>
  );
}
