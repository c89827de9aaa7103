import type { BackupRule } from '@fleetport/contracts/backup-rules';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../../shared/api/messages.ts';
import { StepUpCancelled, withStepUp } from '../../../shared/api/step-up.ts';
import { FORM_RUNTIME } from '../../../shared/forms/form-runtime.ts';
import { actionsColumn } from '../../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../../shared/grid/grid-query.ts';
import { ListGrid } from '../../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../../shared/lib/auth.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { toast } from '../../../shared/toasts/toasts.tsx';
import { RowActions } from '../../../shared/ui/RowActions.tsx';
import { BACKUP_RULES_KEY, useBackupRuleList } from './api/list-backup-rules.ts';
import { updateBackupRule } from './api/update-backup-rule.ts';
import { scheduleText, targetText } from './rule-words.ts';
import { switchedRequest } from './switched-rule.ts';

const dialogs = () => import('./rule-dialogs.tsx');

/** The enabled switch of a row: saves at once (PUT), its schedule following; off for readers. */
function EnabledSwitch({ rule, manages }: { rule: BackupRule; manages: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      await withStepUp(
        (extra) => updateBackupRule(rule.id, switchedRequest(rule, enabled), extra),
        FORM_RUNTIME.prompts,
      );
      toast(
        t(enabled ? 'files.backupRules.enabledNow' : 'files.backupRules.disabledNow', { name: rule.name }),
        {
          type: 'success',
        },
      );
      await queryClient.invalidateQueries({ queryKey: BACKUP_RULES_KEY });
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) toast(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={rule.enabled}
      disabled={!manages || busy}
      onChange={(event) => void change(event.target.checked)}
      slotProps={{
        input: {
          'aria-label': t('files.backupRules.switch', { name: rule.name }),
          'data-testid': 'backup-rule-switch',
        } as object,
      }}
    />
  );
}

function RuleActions({ rule, queryClient, t }: { rule: BackupRule; queryClient: QueryClient; t: TFunction }) {
  return (
    <RowActions
      label={t('files.backupRules.rowActions', { name: rule.name })}
      actions={[
        {
          label: t('files.backupRules.edit'),
          icon: <EditIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.openRuleEditor(rule)),
        },
        {
          label: t('files.backupRules.delete'),
          icon: <DeleteIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.confirmDeleteRule(rule, queryClient)),
        },
      ]}
    />
  );
}

/** The last run: when, and its task group (or that it found no device). */
function LastRun({ rule, language, t }: { rule: BackupRule; language: string; t: TFunction }) {
  if (!rule.last_run_at) return <>{t('files.backupRules.never')}</>;
  const when = formatDateTime(rule.last_run_at, language);
  if (rule.last_group_id === null) {
    return <>{t('files.backupRules.lastRunNone', { when })}</>;
  }
  return (
    <Link
      component={RouterLink}
      to={`${pathOf('task-manager')}?group=${rule.last_group_id}`}
      data-testid="backup-rule-last-group"
    >
      {t('files.backupRules.lastRunGroup', { when, count: rule.last_run_devices ?? 0 })}
    </Link>
  );
}

/**
 * Periodic backup rules (issue 22; the Backups page's `?view=rules`): the rules of the companies
 * the user sees, by name: what each backs up, how often and when in its company's time zone, how
 * many backups of each device it keeps, its next run (in that time zone) and its last run with a
 * link to its task group, and a switch to turn it on or off. New, Edit and Delete for those who
 * manage devices.
 */
export function RulesView() {
  const { t, i18n } = useTranslation();
  const manages = can(useSignedInUser(), 'manage_devices');
  const queryClient = useQueryClient();
  const list = useBackupRuleList();
  const language = i18n.language;
  // The API answers the rules by name: no column sorts them otherwise.
  const columns = useMemo<ServerColumn<BackupRule>[]>(
    () => [
      {
        field: 'name',
        headerName: t('files.backupRules.columns.name'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'target',
        headerName: t('files.backupRules.columns.target'),
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        valueGetter: (_value, row) => targetText(t, row),
      },
      {
        field: 'frequency',
        headerName: t('files.backupRules.columns.schedule'),
        flex: 1.4,
        minWidth: 220,
        sortable: false,
        valueGetter: (_value, row) => scheduleText(t, language, row),
        renderCell: ({ value }) => <span data-testid="backup-rule-schedule">{String(value)}</span>,
      },
      {
        field: 'keep',
        headerName: t('files.backupRules.columns.keep'),
        width: 110,
        sortable: false,
        valueFormatter: (value: number) => t('files.backupRules.keepCount', { count: value }),
      },
      {
        field: 'next_run_at',
        headerName: t('files.backupRules.columns.next'),
        width: 200,
        sortable: false,
        // In the rule's company's time zone: the time of day the rule was given.
        renderCell: ({ row }) =>
          row.next_run_at ? (
            <span data-testid="backup-rule-next" title={row.time_zone}>
              {t('files.backupRules.nextAt', {
                when: formatDateTime(row.next_run_at, language, row.time_zone),
                zone: row.time_zone,
              })}
            </span>
          ) : (
            <span data-testid="backup-rule-next">{t('files.backupRules.off')}</span>
          ),
      },
      {
        field: 'last_run_at',
        headerName: t('files.backupRules.columns.last'),
        width: 220,
        sortable: false,
        renderCell: ({ row }) => <LastRun rule={row} language={language} t={t} />,
      },
      {
        field: 'enabled',
        headerName: t('files.backupRules.columns.enabled'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) => <EnabledSwitch rule={row} manages={manages} />,
      },
      ...(manages
        ? [
            actionsColumn<BackupRule>(t('files.backupRules.columns.actions'), 100, (row) => (
              <RuleActions rule={row} queryClient={queryClient} t={t} />
            )),
          ]
        : []),
    ],
    [t, language, manages, queryClient],
  );
  const searching = list.state.search.trim() !== '';
  return (
    <Box component="section" aria-labelledby="backup-rules-heading" data-testid="backup-rules">
      <Typography variant="h6" component="h2" id="backup-rules-heading">
        {t('files.backupRules.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 880 }}>
        {t('files.backupRules.intro')}
      </Typography>
      <ListToolbar<BackupRule>
        searchLabel={t('files.backupRules.search')}
        onSearch={list.setSearch}
        search={list.state.search}
      >
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openRuleEditor())}
            data-testid="backup-rule-new"
          >
            {t('files.backupRules.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<BackupRule>
        list={list}
        label={t('files.backupRules.title')}
        columns={columns}
        emptyText={searching ? t('files.backupRules.noneMatch') : t('files.backupRules.empty')}
      />
    </Box>
  );
}
