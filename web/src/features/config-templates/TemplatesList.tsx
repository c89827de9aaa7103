import type { ConfigTemplate } from '@fleetport/contracts/config-templates';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import PlayIcon from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { sectionsText } from '../../shared/config/template-words.ts';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { type RowAction, RowActions } from '../../shared/ui/RowActions.tsx';
import { useConfigTemplateList } from './api/list-config-templates.ts';

const dialogs = () => import('./template-dialogs.tsx');

/** Where 'Apply to devices…' goes: Configure devices with the template chosen. */
export const applyPath = (template: Pick<ConfigTemplate, 'id'>) =>
  `${pathOf('configure-devices')}?template_id=${template.id}`;

/** The devices list of those that differ from their template (`template=drifted`). */
export const driftedPath = () => `${pathOf('devices')}?template=drifted`;

/**
 * A template's actions: 'Apply to devices…' for everyone who may manage devices; Assign to a
 * tag too (a template of a company above is used, not changed); Edit and Delete for those who
 * see its company.
 */
function TemplateActions({
  template,
  queryClient,
  go,
  t,
}: {
  template: ConfigTemplate;
  queryClient: QueryClient;
  go: (path: string) => void;
  t: TFunction;
}) {
  const actions: RowAction[] = [
    {
      label: t('device.templates.apply'),
      icon: <PlayIcon fontSize="small" />,
      onClick: () => go(applyPath(template)),
    },
    {
      label: t('device.templates.assign.title'),
      icon: <LabelIcon fontSize="small" />,
      onClick: () => void dialogs().then((module) => module.openAssignToTag(template)),
    },
  ];
  if (template.editable) {
    actions.push(
      {
        label: t('device.templates.edit'),
        icon: <EditIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.openTemplateEditor(template)),
      },
      {
        label: t('device.templates.delete'),
        icon: <DeleteIcon fontSize="small" />,
        onClick: () => void dialogs().then((module) => module.confirmDeleteTemplate(template, queryClient)),
      },
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RowActions label={t('device.templates.rowActions', { name: template.name })} actions={actions} />
      {!template.editable && (
        <Typography
          variant="body2"
          color="text.secondary"
          title={t('device.templates.useOnlyHint', { company: template.company_name })}
        >
          {t('device.templates.useOnly')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * Device configuration (`/device-configuration`; Saved configurations, Templates; issue 22): the
 * templates the user may use, by name, each with its company, the model family it fits, what it
 * sets in words, the devices that follow it and how many of them drifted (a link to the devices
 * list filtered so). With manage_devices: New, Edit and Delete (a template of a company above
 * the user's is used, not changed), Assign to a tag, and 'Apply to devices…' (Configure devices).
 */
export function TemplatesList() {
  const { t, i18n } = useTranslation();
  const manages = can(useSignedInUser(), 'manage_devices');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useConfigTemplateList();
  const columns = useMemo<ServerColumn<ConfigTemplate>[]>(
    () => [
      { field: 'name', headerName: t('device.templates.columns.name'), flex: 1, minWidth: 180 },
      {
        field: 'company_name',
        headerName: t('device.templates.columns.company'),
        flex: 0.8,
        minWidth: 150,
        sortable: false,
      },
      {
        field: 'family',
        headerName: t('device.templates.columns.family'),
        width: 130,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? t('device.templates.anyModel'),
      },
      {
        field: 'sections',
        headerName: t('device.templates.columns.sections'),
        flex: 2,
        minWidth: 280,
        sortable: false,
        valueGetter: (_value, row) => sectionsText(t, row.sections),
        renderCell: ({ value }) => (
          <Box component="span" title={String(value)} data-testid="template-sections">
            {String(value)}
          </Box>
        ),
      },
      {
        field: 'devices',
        headerName: t('device.templates.columns.devices'),
        width: 110,
        type: 'number',
        sortable: false,
      },
      {
        field: 'drifted',
        headerName: t('device.templates.columns.drifted'),
        width: 110,
        type: 'number',
        sortable: false,
        renderCell: ({ row }) =>
          row.drifted > 0 ? (
            <RouterLink
              to={driftedPath()}
              className="template-link"
              title={t('device.templates.driftedLink')}
              data-testid="template-drifted"
            >
              {row.drifted}
            </RouterLink>
          ) : (
            <span data-testid="template-drifted">0</span>
          ),
      },
      dateColumn('updated_at', t('device.templates.columns.updated'), i18n.language, false),
      ...(manages
        ? [
            actionsColumn<ConfigTemplate>(t('device.templates.columns.actions'), 240, (row) => (
              <TemplateActions
                template={row}
                queryClient={queryClient}
                go={(path) => void navigate(path)}
                t={t}
              />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient, navigate],
  );
  const searching = list.state.search.trim() !== '';
  return (
    <Box
      component="section"
      data-testid="config-templates"
      sx={{ '& a.template-link': { color: 'primary.main', fontWeight: 500 } }}
    >
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 880 }}>
        {t('device.templates.intro')}
      </Typography>
      <ListToolbar<ConfigTemplate>
        searchLabel={t('device.templates.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openTemplateEditor())}
            data-testid="template-new"
          >
            {t('device.templates.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<ConfigTemplate>
        list={list}
        label={t('device.templates.title')}
        columns={columns}
        emptyText={searching ? t('device.templates.noneMatch') : t('device.templates.empty')}
      />
    </Box>
  );
}
