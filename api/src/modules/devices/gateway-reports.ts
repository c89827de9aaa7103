/**
 * What the device gateway tells the consoles over realtime: a device's status changes (the
 * progress of what is sent to devices is the task engine's: modules/tasks/engine.ts).
 */
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
