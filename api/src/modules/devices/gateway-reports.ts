/**
 * What the device gateway tells the consoles over realtime: a device's status changes, and the
 * progress of the commands sent to devices.
 */
import { ACTION_STATUS_EVENT, type ActionItemState } from '@fleetport/contracts/action-status';
import { type Command, commandResultSchema } from '@fleetport/contracts/device-protocol';
import { ALL_DEVICES_ROOM, type Realtime } from '../realtime/realtime.ts';
import { type DeviceStatus, deviceStatus, type StatusInputs } from './status.ts';

/** The realtime event a device's status change is announced with. */
export const DEVICE_STATUS_EVENT = 'DeviceStatusChanged';

export interface DeviceStatusEvent {
  id: number;
  status: DeviceStatus;
  last_seen_at: string | null;
}

/** Announces a device's status to the device's company and, for subtree viewers, to every company above it. */
export function announceStatus(
  realtime: Realtime | undefined,
  company: { companyId: number; companyPath: string },
  device: StatusInputs & { id: number; lastSeenAt: Date | null },
  now: Date,
): void {
  if (!realtime) return;
  const event: DeviceStatusEvent = {
    id: device.id,
    status: deviceStatus(device, now),
    last_seen_at: device.lastSeenAt?.toISOString() ?? null,
  };
  realtime.emit(ALL_DEVICES_ROOM, DEVICE_STATUS_EVENT, event);
  realtime.emit(`private-company.${company.companyId}.devices`, DEVICE_STATUS_EVENT, event);
  for (const ancestor of company.companyPath.split('/').filter(Boolean)) {
    realtime.emit(`private-company.${ancestor}.subtree-devices`, DEVICE_STATUS_EVENT, event);
  }
}

interface PendingCommand {
  deviceId: number;
  name: string;
  channel: string;
  action: Command['action'];
  /** A reboot (or a firmware update) ends when the device says hello again. */
  awaitingReturn?: boolean;
  timer?: NodeJS.Timeout;
}

/** Commands that restart the device: done when it is back, failed if it is not back in time. */
const RESTARTING_ACTIONS: ReadonlySet<Command['action']> = new Set(['reboot', 'firmware.update']);
/** How long a device may take to come back from a reboot or an update. */
export const RETURN_TIMEOUT_MS = 10 * 60_000;
/** A CLI answer is relayed whole up to this many characters (other actions: a short message). */
export const CLI_OUTPUT_MAX = 16_000;

/** How a command ended, for its record (device_commands): a failure says why. */
export type CommandEnded = (
  commandId: string,
  outcome: { state: 'succeeded' | 'failed'; message: string | undefined },
) => void;

/**
 * The commands sent to devices and not finished yet, by command id; each one's progress is
 * reported on the channel it was sent for (the console's 'Action status' modal), and its end to
 * `ended` (the device's history keeps it).
 */
export class PendingCommands {
  private readonly realtime: Realtime | undefined;
  private readonly ended: CommandEnded | undefined;
  private readonly commands = new Map<string, PendingCommand>();

  constructor(realtime: Realtime | undefined, ended?: CommandEnded) {
    this.realtime = realtime;
    this.ended = ended;
  }

  /** A command was sent: its results are reported on `channel`. */
  add(commandId: string, command: Pick<PendingCommand, 'deviceId' | 'name' | 'channel' | 'action'>): void {
    this.commands.set(commandId, command);
  }

  /** A device's answer to a command (`cmd/result`): reported, and the command done when it ended. */
  result(body: unknown): void {
    const result = commandResultSchema.safeParse(body);
    if (!result.success) return;
    const pending = this.commands.get(result.data.id);
    if (!pending) return;
    const states: Record<typeof result.data.state, ActionItemState> = {
      accepted: 'running',
      progress: 'running',
      done: 'succeeded',
      failed: 'failed',
    };
    let state = states[result.data.state];
    let message =
      result.data.error ??
      (result.data.progress !== undefined ? `${result.data.progress}%` : undefined) ??
      result.data.output?.slice(0, pending.action === 'cli' ? CLI_OUTPUT_MAX : 2000);
    if (RESTARTING_ACTIONS.has(pending.action) && state === 'succeeded') state = 'running';
    if (RESTARTING_ACTIONS.has(pending.action) && state === 'running' && !pending.awaitingReturn) {
      // It restarts now: done when it says hello again (returned() finishes it), failed if it does not.
      pending.awaitingReturn = true;
      pending.timer = setTimeout(() => {
        if (!this.commands.delete(result.data.id)) return;
        const why = 'The device did not come back online in time.';
        this.ended?.(result.data.id, { state: 'failed', message: why });
        this.report(pending, 'failed', why);
      }, RETURN_TIMEOUT_MS);
      pending.timer.unref();
      message ??= pending.action === 'reboot' ? 'Rebooting…' : 'Updating…';
    }
    if (state === 'succeeded' || state === 'failed') {
      clearTimeout(pending.timer);
      this.commands.delete(result.data.id);
      // A failure keeps why (short); a success's output (a CLI answer) is not kept.
      this.ended?.(result.data.id, { state, message: state === 'failed' ? message : undefined });
    }
    this.report(pending, state, message);
  }

  /** A device that restarted for a command is back: the command is done. */
  returned(deviceId: number): void {
    for (const [id, pending] of this.commands) {
      if (pending.deviceId !== deviceId || !pending.awaitingReturn) continue;
      clearTimeout(pending.timer);
      this.commands.delete(id);
      this.ended?.(id, { state: 'succeeded', message: undefined });
      this.report(pending, 'succeeded', 'Back online.');
    }
  }

  private report(pending: PendingCommand, state: ActionItemState, message: string | undefined): void {
    this.realtime?.emit(pending.channel, ACTION_STATUS_EVENT, {
      channel: pending.channel,
      items: [{ id: pending.deviceId, name: pending.name, state, ...(message ? { message } : {}) }],
    });
  }
}
