import type { TaskGroup } from '@fleetport/contracts/tasks';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { GroupProgress, GroupStateChip } from '../../shared/tasks/TaskBadges.tsx';
import { groupSentence, pausedReason, TASK_STATES, taskStateName } from '../../shared/tasks/task-words.ts';
import { GroupSteps } from './GroupSteps.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * A task group's header (spec §2 Task group table): what it does, its state and progress, its
 * counts by state, who started it, when, and its deadline; 'Cancel waiting tasks' for those who
 * may, while a task still waits.
 */
export function TaskGroupHeader({
  group,
  onCancel,
  onControl,
  onRetry,
  onFirst,
}: {
  group: TaskGroup;
  onCancel?: (() => void) | undefined;
  /** Pause or resume, for those who may (absent: read only). */
  onControl?: ((control: 'pause' | 'resume') => void) | undefined;
  /** Retry failed: a new group for the devices whose task failed or expired. */
  onRetry?: (() => void) | undefined;
  /** Task ordering: this group's waiting tasks before every other group's. */
  onFirst?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const when = (value: string) => formatDateTime(value, i18n.language);
  const retriable = group.counts.failed + group.counts.expired;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} data-testid="task-group">
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="task-group-what"
        >
          {groupSentence(t, group)}
        </Typography>
        <GroupStateChip state={group.state} />
        <Box sx={{ flex: 1 }} />
        {onControl &&
          (group.state === 'running' || group.state === 'scheduled') &&
          group.action === 'firmware.update' && (
            <Button variant="outlined" onClick={() => onControl('pause')} data-testid="task-group-pause">
              {t('tasks.campaign.pause')}
            </Button>
          )}
        {onControl && group.state === 'paused' && (
          <Button variant="contained" onClick={() => onControl('resume')} data-testid="task-group-resume">
            {t('tasks.campaign.resume')}
          </Button>
        )}
        {onFirst && group.counts.queued > 0 && ['scheduled', 'running', 'paused'].includes(group.state) && (
          <Button variant="outlined" onClick={onFirst} data-testid="task-group-first">
            {t('tasks.order.first')}
          </Button>
        )}
        {onRetry && (group.state === 'finished' || group.state === 'cancelled') && retriable > 0 && (
          <Button variant="outlined" onClick={onRetry} data-testid="task-group-retry">
            {t('tasks.retry.button', { count: retriable })}
          </Button>
        )}
        {onCancel && (
          <Button variant="outlined" color="error" onClick={onCancel} data-testid="task-group-cancel">
            {t('tasks.cancel.title')}
          </Button>
        )}
      </Stack>
      {group.state === 'paused' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="task-group-paused">
          {group.paused_reason
            ? t('tasks.campaign.pausedByGate', { reason: pausedReason(t, group) })
            : t('tasks.campaign.pausedByUser')}
        </Alert>
      )}
      {group.state === 'scheduled' && group.starts_at && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tasks.campaign.scheduled', { when: when(group.starts_at) })}
        </Alert>
      )}
      <GroupProgress counts={group.counts} total={group.total} />
      <Box
        component="ul"
        aria-label={t('tasks.counts')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, mt: 1.5, mb: 2 }}
      >
        {TASK_STATES.map((state) => (
          <Typography component="li" variant="body2" key={state} data-testid={`task-count-${state}`}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {taskStateName(t, state)}
            </Box>{' '}
            <Box component="span" sx={{ fontWeight: 600 }}>
              {group.counts[state]}
            </Box>
          </Typography>
        ))}
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
      >
        {group.steps && (
          <Fact label={t('tasks.lists.steps')}>
            <GroupSteps steps={group.steps} />
          </Fact>
        )}
        <Fact label={t('tasks.columns.company')}>{group.company_name ?? t('tasks.nobody')}</Fact>
        <Fact label={t('tasks.columns.startedBy')}>{group.created_by_email ?? t('tasks.nobody')}</Fact>
        <Fact label={t('tasks.columns.started')}>{when(group.created_at)}</Fact>
        <Fact label={t('tasks.columns.deadline')}>{when(group.expires_at)}</Fact>
        {group.finished_at && <Fact label={t('tasks.finished')}>{when(group.finished_at)}</Fact>}
        {group.window_start && group.window_end && (
          <Fact label={t('tasks.campaign.window')}>
            {t('tasks.campaign.windowValue', {
              start: group.window_start,
              end: group.window_end,
              zone: group.time_zone ?? 'UTC',
            })}
          </Fact>
        )}
        {group.failure_threshold !== null && (
          <Fact label={t('tasks.campaign.gate')}>
            {t('tasks.campaign.gateValue', { value: group.failure_threshold })}
          </Fact>
        )}
      </Box>
      {group.waves && group.waves.length > 1 && <Waves group={group} />}
    </Paper>
  );
}

/** A campaign's waves: each one's size and progress, the one being sent marked. */
function Waves({ group }: { group: TaskGroup }) {
  const { t } = useTranslation();
  const canary = group.canary_percent !== null;
  return (
    <Box sx={{ mt: 2 }} data-testid="task-group-waves">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('tasks.campaign.waves')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {(group.waves ?? []).map((wave) => (
          <Box
            component="li"
            key={wave.wave}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' },
              gap: 1,
              alignItems: 'center',
            }}
            data-testid={`task-wave-${wave.wave}`}
          >
            <Typography variant="body2" sx={{ fontWeight: wave.wave === group.current_wave ? 600 : 400 }}>
              {canary && wave.wave === 0
                ? t('tasks.campaign.canary')
                : t('tasks.campaign.wave', { n: canary ? wave.wave : wave.wave + 1 })}
              {wave.wave === group.current_wave && group.state !== 'finished'
                ? ` · ${t('tasks.campaign.current')}`
                : ''}
            </Typography>
            <GroupProgress counts={wave.counts} total={wave.total} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
