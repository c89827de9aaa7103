import type { BulkDeviceAction } from '@fleetport/contracts/devices';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import type { ListParams } from '../../shared/grid/grid-query.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { toast } from '../../shared/toasts/toasts.tsx';
import type { BulkTarget } from './api/bulk-devices.ts';
import { useCountDevices } from './api/count-devices.ts';

const ACTIONS: readonly { action: BulkDeviceAction; monitoring?: boolean; label: string }[] = [
  { action: 'add_tags', label: 'devices.bulk.addTags' },
  { action: 'remove_tags', label: 'devices.bulk.removeTags' },
  { action: 'move', label: 'devices.bulk.move' },
  { action: 'monitoring', monitoring: true, label: 'devices.bulk.monitoringOn' },
  { action: 'monitoring', monitoring: false, label: 'devices.bulk.monitoringOff' },
  { action: 'period', label: 'devices.bulk.period' },
  { action: 'delete', label: 'devices.bulk.delete' },
];

/**
 * The bulk actions over the devices grid: on the selection, or, once the whole page is selected,
 * on every device matching the filter ('Select all 250 matching').
 */
export function BulkBar({
  selected,
  total,
  capped,
  pageIds,
  filter,
  onClear,
  names,
  scoped = false,
}: {
  selected: readonly (string | number)[];
  total: number;
  /** The list stopped counting at `total`: the exact number is asked for before acting on all. */
  capped: boolean;
  pageIds: readonly number[];
  filter: ListParams;
  onClear: () => void;
  /** The names of the devices on the page (the password manager lists them). */
  names: ReadonlyMap<number, string>;
  /** The list is one company's or one tag's: moved devices may leave it. */
  scoped?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Run a task (a task group: reboot, readings, CLI) or a saved task list on the selection, for those who may.
  const runsTasks = can(useSignedInUser(), 'manage_device_task_groups');
  const countDevices = useCountDevices();
  // Every matching device, by the exact count the user then confirms (undefined: the selection).
  const [everyMatching, setEveryMatching] = useState<number>();
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or selection asks again
  useEffect(() => setEveryMatching(undefined), [filterKey, selected]);
  if (selected.length === 0) return null;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const selectAll = async () => {
    if (!capped) {
      setEveryMatching(total);
      return;
    }
    try {
      setEveryMatching(await countDevices(filter));
    } catch (error) {
      toast(messageOf(error), { type: 'error' });
    }
  };
  const target: BulkTarget =
    everyMatching === undefined ? { ids: selected.map(Number) } : { filter, count: everyMatching };
  const count = everyMatching ?? selected.length;
  return (
    <Paper
      variant="outlined"
      data-testid="bulk-bar"
      sx={{ mb: 2, px: 2, py: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <strong>{t('devices.bulk.selected', { count })}</strong>
      {wholePage && everyMatching === undefined && total > selected.length && (
        <Button size="small" onClick={() => void selectAll()} data-testid="select-all-matching">
          {capped
            ? t('devices.bulk.selectAllMatchingMore', { count: total })
            : t('devices.bulk.selectAllMatching', { count: total })}
        </Button>
      )}
      <span style={{ flex: 1 }} />
      {ACTIONS.map((entry) => (
        <Button
          key={entry.label}
          size="small"
          color={entry.action === 'delete' ? 'error' : 'primary'}
          onClick={() =>
            void import('./dialogs/BulkDevicesDialog.tsx').then((module) =>
              module.openBulkAction(entry.action, target, entry.monitoring, queryClient, () => {
                // The selection stays while its rows stay in the list ("tag, then move" is one
                // selection); devices deleted, or moved out of a company's or tag's list, leave it.
                if (entry.action === 'delete' || (entry.action === 'move' && scoped)) onClear();
              }),
            )
          }
          data-testid={`bulk-${entry.action}${entry.monitoring === undefined ? '' : entry.monitoring ? '-on' : '-off'}`}
        >
          {t(entry.label as 'devices.bulk.move')}
        </Button>
      ))}
      {everyMatching === undefined && runsTasks && (
        <Button
          size="small"
          onClick={() =>
            void import('./dialogs/RunTaskDialog.tsx').then((module) =>
              module.openRunTask(selected.map(Number), (path) => void navigate(path)),
            )
          }
          data-testid="bulk-run-task"
        >
          {t('devices.task.title')}
        </Button>
      )}
      {everyMatching === undefined && runsTasks && (
        <Button
          size="small"
          onClick={() =>
            void import('./dialogs/device-backup.ts').then((module) =>
              module.confirmBackups(selected.map(Number), (path) => void navigate(path)),
            )
          }
          data-testid="bulk-backup"
        >
          {t('device.backups.take')}
        </Button>
      )}
      {everyMatching === undefined && runsTasks && (
        <Button
          size="small"
          onClick={() =>
            void import('./dialogs/RunTaskListDialog.tsx').then((module) =>
              module.openRunTaskList(selected.map(Number), (path) => void navigate(path)),
            )
          }
          data-testid="bulk-run-task-list"
        >
          {t('devices.taskList.title')}
        </Button>
      )}
      {everyMatching === undefined && runsTasks && (
        <Button
          size="small"
          onClick={() => void navigate(`${pathOf('configure-devices')}?device_ids=${selected.join(',')}`)}
          data-testid="bulk-configure"
        >
          {t('devices.bulk.configure')}
        </Button>
      )}
      {everyMatching === undefined && (
        <Button
          size="small"
          onClick={() =>
            void import('./dialogs/AssignTemplateDialog.tsx').then((module) =>
              module.openAssignTemplate(selected.map(Number)),
            )
          }
          data-testid="bulk-assign-template"
        >
          {t('device.templates.assign.bulk')}
        </Button>
      )}
      {everyMatching === undefined && (
        <Button
          size="small"
          onClick={() =>
            void import('./dialogs/PasswordManagerDialog.tsx').then((module) =>
              module.openPasswordManager(
                selected.map(Number).map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
              ),
            )
          }
          data-testid="bulk-passwords"
        >
          {t('devices.bulk.passwords')}
        </Button>
      )}
      <Button size="small" onClick={onClear}>
        {t('devices.bulk.clear')}
      </Button>
    </Paper>
  );
}
