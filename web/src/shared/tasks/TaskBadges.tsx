import type { TaskCounts, TaskGroupState, TaskState } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { groupStateName, progressOf, progressText, taskStateName } from './task-words.ts';

type Colour = NonNullable<ChipProps['color']>;

const GROUP_COLOURS: Record<TaskGroupState, Colour> = {
  scheduled: 'default',
  running: 'info',
  paused: 'warning',
  finished: 'success',
  cancelled: 'default',
};

const TASK_COLOURS: Record<TaskState, Colour> = {
  queued: 'default',
  sent: 'info',
  in_progress: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
};

/** A task group's state as a small chip. */
export function GroupStateChip({ state }: { state: TaskGroupState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={GROUP_COLOURS[state]}
      label={groupStateName(t, state)}
      data-state={state}
    />
  );
}

/** A task's state as a small chip. */
export function TaskStateChip({ state }: { state: TaskState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TASK_COLOURS[state]}
      label={taskStateName(t, state)}
      data-state={state}
    />
  );
}

/** The bar's parts, in order: what succeeded, failed, ended otherwise; the rest is still open. */
const SEGMENTS = [
  { states: ['succeeded'], colour: 'success.main' },
  { states: ['failed'], colour: 'error.main' },
  { states: ['cancelled', 'expired'], colour: 'text.disabled' },
] as const satisfies readonly { states: readonly TaskState[]; colour: string }[];

/**
 * A group's progress: a compact bar (succeeded, failed, cancelled or expired, then what is still
 * open) and '12 / 50 done, 3 failed'. The bar only repeats the words, so it is hidden from
 * assistive technology.
 */
export function GroupProgress({ counts, total }: { counts: TaskCounts; total: number }) {
  const { t } = useTranslation();
  const { done, total: tasks } = progressOf(counts, total);
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: 0 }}
      data-testid="task-progress"
      data-done={done}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          display: 'inline-flex',
          width: 64,
          height: 6,
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          flexShrink: 0,
        }}
      >
        {SEGMENTS.map(({ states, colour }) => {
          const count = states.reduce((sum, state: TaskState) => sum + counts[state], 0);
          return count > 0 && tasks > 0 ? (
            <Box key={colour} component="span" sx={{ width: `${(count / tasks) * 100}%`, bgcolor: colour }} />
          ) : null;
        })}
      </Box>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {progressText(t, counts, total)}
      </Box>
    </Box>
  );
}
