import type { AuditEvent } from '@fleetport/contracts/audit-events';
import { DEVICE_BACKUP_DEADLINE_HOURS } from '@fleetport/contracts/device-backups';
import {
  deviceConfigChangeSchema,
  REPEATED_SECTIONS,
  sectionKind,
  sectionProblem,
} from '@fleetport/contracts/device-config';
import { CLI_COMMAND_MAX_LENGTH, DEVICE_ACTIONS, type DeviceAction } from '@fleetport/contracts/devices';
import { textSchema } from '@fleetport/contracts/fields';
import {
  DEVICE_ACTION_DEADLINE_HOURS,
  type DeviceTaskStarted,
  deviceTaskStartedSchema,
  type NewTaskGroup,
} from '@fleetport/contracts/tasks';
import { eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { tasks } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { planGroup } from '../tasks/plan.ts';
import { findDevice } from './device-queries.ts';
import { configOf } from './gateway-queries.ts';

/** The audit event of each device action. */
const ACTION_EVENTS: Record<DeviceAction, AuditEvent> = {
  reboot: 'device.reboot',
  refresh: 'device.refresh',
  backup: 'device.backup',
};

/** The task each device action becomes, and how long it waits for an offline device. */
const ACTION_TASKS = {
  reboot: { action: 'reboot', deadline_hours: DEVICE_ACTION_DEADLINE_HOURS.reboot },
  refresh: { action: 'refresh', deadline_hours: DEVICE_ACTION_DEADLINE_HOURS.refresh },
  // Take a backup (issue 22): the device uploads its configuration archive (tasks/device-uploads.ts).
  backup: { action: 'backup.upload', deadline_hours: DEVICE_BACKUP_DEADLINE_HOURS },
} as const satisfies Record<DeviceAction, { action: NewTaskGroup['action']; deadline_hours: number }>;

/**
 * Starts a one-device task group for a device the caller sees (403 alike otherwise), as asked
 * (the device alone tells what it refuses), and answers the route: the task started and the
 * audit entry naming it (`after.command_id`). Every device action goes through here, and so does
 * a restore (restore.ts).
 */
export async function startDeviceTask(
  deps: ApiDeps,
  auth: AuthContext,
  deviceId: number,
  request: NewTaskGroup,
  body: Record<string, unknown>,
) {
  const { db } = deps;
  const row = await findDevice(db, auth, deviceId);
  const plan = await planGroup(db, auth, request, Math.random, { asIs: true });
  const group = await deps.tasks.createGroup({
    request,
    plan,
    createdBy: auth.userId,
    companyId: auth.companyId,
  });
  const [task] = await db.select().from(tasks).where(eq(tasks.groupId, group.id));
  if (!task) throw new Error('the task of a one-device group was not stored');
  const data: DeviceTaskStarted = {
    id: row.device.id,
    group_id: group.id,
    task_id: task.id,
    state: task.state,
  };
  return {
    status: 201,
    data,
    audit: {
      entity: 'device',
      entityId: String(row.device.id),
      companyId: row.device.companyId,
      after: { ...body, command_id: task.id },
    },
  };
}

/**
 * Device actions (spec §2 Device CLI, the device page's actions through the 'Action status'
 * modal), with manage_devices on a device the caller sees. Each becomes a one-device task group
 * of the task engine: it waits for an offline device (until DEVICE_ACTION_DEADLINE_HOURS), is
 * never applied twice, is listed in the Task manager and the device's Actions list, and its
 * progress comes as `TaskChanged` on the company's `tasks` channel. The audit entry names the
 * task (`after.command_id`: the id the device is sent), so the device's history says how it ended.
 */
export function registerDeviceActionRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  const startTask = (
    auth: AuthContext,
    deviceId: number,
    request: NewTaskGroup,
    body: Record<string, unknown>,
  ) => startDeviceTask(deps, auth, deviceId, request, body);

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/cli',
    summary:
      "Runs a command in the device's shell (spec §2 Device CLI) as a one-device task; its output is the task's message, live on the company's tasks channel.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.cli',
    params: idParam,
    body: z.object({ command: textSchema().min(1, 'Enter a command.').max(CLI_COMMAND_MAX_LENGTH) }),
    response: deviceTaskStartedSchema,
    handler: async ({ auth, params, body }) =>
      startTask(
        auth,
        params.id,
        {
          action: 'cli',
          command: body.command,
          device_ids: [params.id],
          deadline_hours: DEVICE_ACTION_DEADLINE_HOURS.cli,
        },
        body,
      ),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/configuration',
    summary:
      "Changes a device's configuration (issue 22) as a one-device task: the device applies every section all at once or refuses with its reason; a change that cuts it off is rolled back after `rollback_s`. Secrets (keys, passwords) are kept only sealed with the task.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.config',
    params: idParam,
    body: deviceConfigChangeSchema,
    response: deviceTaskStartedSchema,
    statuses: { 422: 'a value the device would refuse, named at changes.<section>' },
    handler: async ({ auth, params, body }) => {
      // A repeated section the device reported it does not have (a new port forward) must be
      // whole; before its first report the device alone can tell.
      const reported = (await configOf(db, params.id))?.config;
      for (const [name, values] of Object.entries(body.changes)) {
        const kind = sectionKind(name);
        if (!reported || values === null || !kind || !(kind in REPEATED_SECTIONS) || reported[name]) continue;
        const problem = sectionProblem(name, values, true);
        if (problem) throw fieldError(`changes.${name}`, problem);
      }
      return startTask(
        auth,
        params.id,
        {
          action: 'config.write',
          changes: body.changes,
          rollback_s: body.rollback_s,
          device_ids: [params.id],
          deadline_hours: DEVICE_ACTION_DEADLINE_HOURS.config,
        },
        // The history names the sections, never a value (a key, a password).
        { sections: Object.keys(body.changes) },
      );
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/actions',
    summary:
      "Starts a device action (reboot, refresh metrics, take a backup) as a one-device task: sent now, or when an offline device connects; its progress is live on the company's tasks channel ('Action status').",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: (body) => ACTION_EVENTS[body.action],
    params: idParam,
    body: z.object({ action: z.enum(DEVICE_ACTIONS) }),
    response: deviceTaskStartedSchema,
    handler: async ({ auth, params, body }) =>
      startTask(auth, params.id, { ...ACTION_TASKS[body.action], device_ids: [params.id] }, body),
  });
}
