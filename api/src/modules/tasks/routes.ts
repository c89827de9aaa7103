import { idSchema } from '@fleetport/contracts/fields';
import {
  cancelTasksSchema,
  newTaskGroupSchema,
  TASK_ACTIONS,
  TASK_GROUP_STATES,
  TASK_STATES,
  taskGroupSchema,
  taskLogSchema,
  taskSchema,
} from '@fleetport/contracts/tasks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { devices, tasks } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { DEVICE_NOT_YOURS } from '../devices/device-queries.ts';
import { deviceConditions } from '../devices/list-queries.ts';
import {
  listGroupTasks,
  listTaskGroups,
  logsOf,
  TASK_FIELDS,
  TASK_GROUP_FIELDS,
  taskGroupFor,
} from './task-queries.ts';

/**
 * The task manager's calls (spec §2 Task manager, Task group table, Task logs, Cancel updates;
 * §7 `/devices/tasks/groups`, `/devices/updates/cancel`): one action over many devices becomes a
 * task group; its tasks wait for their devices, run, and end, live on the company's `tasks`
 * channel. Read with view_device_task_groups in the companies the caller sees; started and
 * cancelled with manage_device_task_groups.
 */
export function registerTaskRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, tasks: engine } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/tasks/groups',
    summary:
      'Task groups of the companies the caller sees, newest first (list conventions; also the option list of spec §7).',
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    query: listQuerySchema(TASK_GROUP_FIELDS, {
      state: z.enum(TASK_GROUP_STATES).optional(),
      action: z.enum(TASK_ACTIONS).optional(),
      company_id: idSchema.optional(),
      created_by: idSchema.optional(),
    }),
    response: z.array(taskGroupSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listTaskGroups(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/tasks/groups/:id',
    summary: 'One task group with its counts by state; 404 alike for another tenant’s and a missing one.',
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: idParam,
    response: taskGroupSchema,
    handler: async ({ auth, params }) => ({ data: await taskGroupFor(db, auth, params.id) }),
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/tasks/groups/:id/tasks',
    summary: "A task group's devices with each task's state (Task group table; list conventions).",
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: idParam,
    query: listQuerySchema(TASK_FIELDS, {
      state: z.enum(TASK_STATES).optional(),
    }),
    response: z.array(taskSchema),
    handler: async ({ auth, params, query }) => {
      await taskGroupFor(db, auth, params.id);
      const { rows, total } = await listGroupTasks(db, params.id, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/tasks/:taskId/logs',
    summary: "A task's log, oldest first (Task logs): each change of its state with the device's words.",
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: z.object({ taskId: z.uuid() }),
    response: z.array(taskLogSchema),
    handler: async ({ auth, params }) => {
      const [row] = await db
        .select({ groupId: tasks.groupId })
        .from(tasks)
        .where(eq(tasks.id, params.taskId));
      if (!row) throw notFound('This task was not found among yours.');
      await taskGroupFor(db, auth, row.groupId);
      return { data: await logsOf(db, params.taskId) };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/tasks/groups',
    summary:
      'Starts one action on many devices (a task group): each device gets its task when it is connected, before the deadline.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task.create',
    body: newTaskGroupSchema,
    response: taskGroupSchema,
    handler: async ({ auth, body }) => {
      const found = [];
      for (let at = 0; at < body.device_ids.length; at += 5000) {
        const slice = body.device_ids.slice(at, at + 5000);
        found.push(
          ...(await db
            .select({ id: devices.id, companyId: devices.companyId })
            .from(devices)
            .where(and(deviceConditions(auth, {}), inArray(devices.id, slice)))),
        );
      }
      if (found.length !== body.device_ids.length) throw forbidden(DEVICE_NOT_YOURS);
      const group = await engine.createGroup({
        request: body,
        devices: found,
        createdBy: auth.userId,
        companyId: auth.companyId,
      });
      const data = await taskGroupFor(db, auth, group.id);
      return {
        data,
        audit: {
          entity: 'task_group',
          entityId: String(group.id),
          companyId: group.companyId ?? auth.companyId,
          after: { ...body, group_id: group.id },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/updates/cancel',
    summary:
      'Cancels the tasks still waiting in a task group, or the chosen ones (spec §2 Cancel updates). A task already sent runs to its end.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task.cancel',
    body: cancelTasksSchema,
    response: z.object({ cancelled: z.number().int() }),
    statuses: { 409: 'nothing was waiting: every task named has been sent or has ended' },
    handler: async ({ auth, body }) => {
      // Every group named must be the caller's.
      const groupIds = new Set<number>();
      if (body.group_id !== undefined) groupIds.add(body.group_id);
      if (body.task_ids) {
        const rows = await db
          .selectDistinct({ groupId: tasks.groupId })
          .from(tasks)
          .where(inArray(tasks.id, body.task_ids));
        for (const row of rows) groupIds.add(row.groupId);
        if (rows.length === 0) throw notFound('These tasks were not found among yours.');
      }
      let companyId = auth.companyId;
      for (const id of groupIds) {
        const group = await taskGroupFor(db, auth, id);
        companyId = group.company_id ?? companyId;
      }
      const cancelled = await engine.cancel({ groupId: body.group_id, taskIds: body.task_ids }, auth.email);
      if (cancelled === 0) {
        throw conflict(
          'Nothing was cancelled: these tasks have already been sent to their devices or have ended.',
        );
      }
      return {
        data: { cancelled },
        audit: {
          entity: 'task_group',
          ...(body.group_id === undefined ? {} : { entityId: String(body.group_id) }),
          companyId,
          after: { ...body, cancelled },
        },
      };
    },
  });
}
