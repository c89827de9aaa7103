import { randomUUID } from 'node:crypto';
import type { AuditEvent } from '@fleetport/contracts/audit-events';
import type { Command } from '@fleetport/contracts/device-protocol';
import { deviceRefSchema } from '@fleetport/contracts/device-schemas';
import { CLI_COMMAND_MAX_LENGTH, DEVICE_ACTIONS, type DeviceAction } from '@fleetport/contracts/devices';
import { textSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { finishCommand, recordCommand } from './command-queries.ts';
import { findDevice } from './device-queries.ts';

/** Omit over each member of a union (the command kinds). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The audit event of each device action. */
const ACTION_EVENTS: Record<DeviceAction, AuditEvent> = {
  reboot: 'device.reboot',
  refresh: 'device.refresh',
};

/**
 * Device actions (spec §2 Device CLI, the device page's actions through the 'Action status'
 * modal): commands sent to a connected device the caller sees, with manage_devices.
 */
export function registerDeviceActionRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, gateway } = deps;

  /**
   * Sends a command to a connected device the caller sees; its progress comes on the action's
   * realtime channel, answered in meta.channel ('Action status'), and how it ends is kept
   * (device_commands) for the device's history: the audit entry names it (`after.command_id`).
   */
  const startCommand = async (
    auth: AuthContext,
    deviceId: number,
    command: DistributiveOmit<Command, 'v' | 'id'>,
    body: Record<string, unknown>,
  ) => {
    const row = await findDevice(db, auth, deviceId);
    if (!row.device.connected) throw conflict('The device is offline. Try again when it is online.');
    const id = randomUUID();
    const channel = deps.realtime.registerAction(id, auth.userId);
    await recordCommand(db, { id, deviceId: row.device.id, action: command.action });
    try {
      await gateway.sendCommand(
        { id: row.device.id, serial: row.device.serial, name: row.device.name },
        { ...command, v: 1, id } as Command,
        channel,
      );
    } catch (error) {
      await finishCommand(db, id, { state: 'failed', message: undefined });
      throw error;
    }
    return {
      data: { id: row.device.id },
      meta: { channel },
      audit: {
        entity: 'device',
        entityId: String(row.device.id),
        companyId: row.device.companyId,
        after: { ...body, command_id: id },
      },
    };
  };

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/cli',
    summary:
      "Runs a command in the device's shell (spec §2 Device CLI); its output comes on the realtime channel in meta.channel.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.cli',
    params: idParam,
    body: z.object({ command: textSchema().min(1, 'Enter a command.').max(CLI_COMMAND_MAX_LENGTH) }),
    response: deviceRefSchema,
    statuses: { 409: 'the device is not connected' },
    handler: async ({ auth, params, body }) =>
      startCommand(auth, params.id, { action: 'cli', command: body.command }, body),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/actions',
    summary:
      "Starts a device action (reboot, refresh metrics); its progress comes on the realtime channel in meta.channel ('Action status').",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: (body) => ACTION_EVENTS[body.action],
    params: idParam,
    body: z.object({ action: z.enum(DEVICE_ACTIONS) }),
    response: deviceRefSchema,
    statuses: { 409: 'the device is not connected' },
    handler: async ({ auth, params, body }) => startCommand(auth, params.id, { action: body.action }, body),
  });
}
