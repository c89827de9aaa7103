import {
  ACTION_STATUS_EVENT,
  type ActionStatusItem,
  FINISHED_ACTION_ITEM_STATES,
} from '@fleetport/contracts/action-status';
import { CLI_COMMAND_MAX_LENGTH } from '@fleetport/contracts/devices';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import i18next from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../shared/api/messages.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { runCliCommand } from '../api/run-cli-command.ts';
import { taskChannel, taskStatusSource } from './task-status.ts';

const DEVICE_CLI = 'device-cli';

interface Run {
  key: number;
  command: string;
  state: 'running' | 'succeeded' | 'failed';
  output: string;
}

/**
 * Spec §2 "Device CLI": a command line to the device's shell. Each command is a one-device task
 * of the task engine (listed in the device's Actions list); its output, the task's message,
 * comes back live; the answers stay in the scrollback, as in a terminal. The output is the
 * device's text, shown as text.
 */
function DeviceCliBody({ device, companyId }: { device: { id: number; name: string }; companyId: number }) {
  const { t } = useTranslation();
  const [command, setCommand] = useState('');
  const [runs, setRuns] = useState<Run[]>([]);
  const stops = useRef<(() => void)[]>([]);
  const screen = useRef<HTMLDivElement>(null);
  const keys = useRef(0);
  useEffect(
    () => () => {
      for (const stop of stops.current) stop();
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the end after each change of the runs
  useEffect(() => {
    screen.current?.scrollTo({ top: screen.current.scrollHeight });
  }, [runs]);
  const busy = runs.some((run) => run.state === 'running');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const line = command.trim();
    if (!line || busy) return;
    keys.current += 1;
    const key = keys.current;
    const update = (patch: Partial<Run>) =>
      setRuns((list) => list.map((run) => (run.key === key ? { ...run, ...patch } : run)));
    setRuns((list) => [...list, { key, command: line, state: 'running', output: '' }]);
    setCommand('');
    try {
      const started = await runCliCommand(device.id, line);
      const source = taskStatusSource({
        groupId: started.group_id,
        companyId,
        tasks: [{ taskId: started.task_id, device, connected: true }],
      });
      const stop = source.listen(taskChannel(started.group_id), ACTION_STATUS_EVENT, (payload) => {
        const item = (payload as { items: ActionStatusItem[] }).items[0];
        if (!item || !FINISHED_ACTION_ITEM_STATES.has(item.state)) return;
        update({ state: item.state === 'succeeded' ? 'succeeded' : 'failed', output: item.message ?? '' });
        stop();
      });
      stops.current.push(stop);
    } catch (failure) {
      update({ state: 'failed', output: messageOf(failure) });
    }
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: { sm: 560 } }}>
      <Box
        ref={screen}
        role="log"
        aria-label={t('device.cli.output')}
        data-testid="cli-output"
        sx={{
          height: 320,
          overflow: 'auto',
          p: 1.5,
          borderRadius: 1,
          bgcolor: '#111',
          color: '#e8e8e8',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {runs.length === 0 && <Box sx={{ color: '#9a9a9a' }}>{t('device.cli.hint')}</Box>}
        {runs.map((run) => (
          <Box key={run.key} data-state={run.state} data-testid="cli-run">
            <Box sx={{ color: '#7fd67f' }}>$ {run.command}</Box>
            {run.state === 'running' ? (
              <Box sx={{ color: '#9a9a9a' }}>{t('device.cli.waiting')}</Box>
            ) : (
              <Box sx={{ color: run.state === 'failed' ? '#ff8a80' : 'inherit' }}>{run.output}</Box>
            )}
          </Box>
        ))}
      </Box>
      <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void submit(event)}>
        <TextField
          size="small"
          fullWidth
          label={t('device.cli.command')}
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          slotProps={{
            htmlInput: {
              maxLength: CLI_COMMAND_MAX_LENGTH,
              autoComplete: 'off',
              spellCheck: false,
              'data-testid': 'cli-command',
            },
          }}
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={busy || command.trim() === ''}>
          {t('device.cli.run')}
        </Button>
      </Stack>
    </Stack>
  );
}

registerModal(DEVICE_CLI, DeviceCliBody);

export function openDeviceCli(device: { id: number; name: string }, companyId: number): void {
  openModal({
    id: `${DEVICE_CLI}-${device.id}`,
    title: i18next.t('device.cli.title'),
    subtitle: device.name,
    component: DEVICE_CLI,
    props: { device: { id: device.id, name: device.name }, companyId },
  });
}
