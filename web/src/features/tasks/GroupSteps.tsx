import type { TaskGroup } from '@fleetport/contracts/tasks';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { stepLabel } from '../../shared/tasks/task-list-words.ts';
import { actionName } from '../../shared/tasks/task-words.ts';

type GroupStep = NonNullable<TaskGroup['steps']>[number];

/** A step as the group runs it: its command or its image's version (the user's own text, as text). */
function stepWords(t: TFunction, step: GroupStep): string {
  if (step.action === 'cli' && step.command !== null) return t('tasks.what.cli', { command: step.command });
  if (step.action === 'firmware.update' && step.version !== null) {
    return t('tasks.what.firmwareTo', { version: step.version });
  }
  return actionName(t, step.action);
}

/** A task list group's steps in order: 'Step 1 · Fresh readings → Step 2 · CLI: uptime → …'. */
export function GroupSteps({ steps }: { steps: readonly GroupStep[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ol"
      aria-label={t('tasks.lists.steps')}
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 1 }}
      data-testid="task-group-steps"
    >
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a group's steps never change; their place is who they are
        <li key={index}>
          {index > 0 && (
            <Box component="span" aria-hidden sx={{ color: 'text.secondary', mr: 1 }}>
              →
            </Box>
          )}
          {stepLabel(t, index, stepWords(t, step))}
        </li>
      ))}
    </Box>
  );
}
