import { INT4_MAX, idSchema, textSchema } from '@fleetport/contracts/fields';
import {
  cancelTasksSchema,
  deviceTaskSchema,
  FILE_DEVICES_SHOWN,
  fileDevicesSchema,
  newTaskGroupSchema,
  TASK_ACTIONS,
  TASK_GROUP_CONTROLS,
  TASK_GROUP_STATES,
  TASK_STATES,
  taskGroupOrderSchema,
  taskGroupPreviewSchema,
  taskGroupSchema,
  taskLogSchema,
  taskSchema,
} from '@fleetport/contracts/tasks';
import { eq, inArray } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { filesDir } from '../../config.ts';
import { files, taskGroups, tasks } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, forbidden, gone, notFound } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { findDevice } from '../devices/device-queries.ts';
import { visibleFile } from '../files/queries.ts';
import { FileStore } from '../files/store.ts';
import { registerDeviceUploadRoutes } from './device-uploads.ts';
import { registerTaskListRoutes } from './lists.ts';
import { planGroup, previewOf } from './plan.ts';
import {
  fileDevices,
  listGroupTasks,
  listTaskGroups,
  logsOf,
  TASK_FIELDS,
  TASK_GROUP_FIELDS,
  taskGroupFor,
  tasksOfDevice,
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
  const fileStore = new FileStore(filesDir(deps.config));
  // Execute task list: the saved lists (fixed paths, before /devices/:id like the rest).
  registerTaskListRoutes(registry, router, deps);

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
      company: textSchema().max(200).optional().describe("the company's name contains this, case aside"),
      created_by_email: textSchema().max(200).optional().describe("the starter's e-mail contains this"),
      created_from: z.iso.date().optional().describe('started on or after this day (UTC)'),
      created_to: z.iso.date().optional().describe('started on or before this day (UTC)'),
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
    path: '/devices/:id/tasks',
    summary: "Actions list on a device: its tasks, newest first, each with its group's action and state.",
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: idParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(10),
      offset: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
    }),
    response: z.array(deviceTaskSchema),
    handler: async ({ auth, params, query }) => {
      await findDevice(db, auth, params.id);
      const { rows, total } = await tasksOfDevice(db, params.id, query);
      return { data: rows, meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/files/:id/devices',
    summary:
      "Device file view: the caller's devices a file was sent to (its firmware updates), every task's state counted and the newest listed.",
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: idParam,
    response: fileDevicesSchema,
    handler: async ({ auth, params }) => {
      // A file the caller cannot see is answered as one that does not exist.
      await visibleFile(db, auth, params.id);
      return { data: await fileDevices(db, auth, params.id, FILE_DEVICES_SHOWN) };
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
    path: '/devices/tasks/groups/preview',
    summary:
      'The dry run of a new task group: how many devices it reaches, in how many companies, how many wait offline, which are skipped and why, and the wave sizes. Nothing is made.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    body: newTaskGroupSchema,
    response: taskGroupPreviewSchema,
    handler: async ({ auth, body }) => ({ data: await previewOf(db, await planGroup(db, auth, body), body) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/tasks/groups',
    summary:
      'Starts one action on many devices (a task group): each device gets its task when it is connected, before the deadline; a firmware update goes in waves with a health gate.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task.create',
    body: newTaskGroupSchema,
    response: taskGroupSchema,
    statuses: { 422: 'no device matches, or (firmware) the image fits none of them' },
    handler: async ({ auth, body }) => {
      const plan = await planGroup(db, auth, body);
      const group = await engine.createGroup({
        request: body,
        plan,
        createdBy: auth.userId,
        companyId: auth.companyId,
      });
      const data = await taskGroupFor(db, auth, group.id);
      return {
        status: 201,
        data,
        audit: {
          entity: 'task_group',
          entityId: String(group.id),
          companyId: group.companyId ?? auth.companyId,
          after: {
            action: body.action,
            summary: group.summary,
            devices: plan.devices.length,
            group_id: group.id,
          },
        },
      };
    },
  });

  for (const control of TASK_GROUP_CONTROLS) {
    registry.add(router, {
      method: 'post',
      path: `/devices/tasks/groups/:id/${control}`,
      summary:
        control === 'pause'
          ? 'Pauses a running or scheduled task group: nothing more is sent; tasks already sent run to their end.'
          : 'Resumes a paused task group; past a health gate, its next wave starts.',
      tag: 'tasks',
      access: { permission: 'manage_device_task_groups' },
      event: control === 'pause' ? 'task.pause' : 'task.resume',
      params: idParam,
      response: taskGroupSchema,
      statuses: { 409: control === 'pause' ? 'the group is not running' : 'the group is not paused' },
      handler: async ({ auth, params }) => {
        const before = await taskGroupFor(db, auth, params.id);
        const moved = control === 'pause' ? await engine.pause(params.id) : await engine.resume(params.id);
        if (!moved) {
          throw conflict(
            control === 'pause'
              ? 'This task group is not running, so it cannot be paused.'
              : 'This task group is not paused, so it cannot be resumed.',
          );
        }
        const data = await taskGroupFor(db, auth, params.id);
        return {
          data,
          audit: {
            entity: 'task_group',
            entityId: String(params.id),
            companyId: before.company_id ?? auth.companyId,
            before: { state: before.state, summary: before.summary, action: before.action },
            after: { state: data.state, summary: data.summary, action: data.action },
          },
        };
      },
    });
  }

  registry.add(router, {
    method: 'put',
    path: '/devices/tasks/groups/:id/order',
    summary:
      'Task ordering: sends this group’s waiting tasks before (first) or after (last) those of every other unfinished group.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task.order',
    params: idParam,
    body: taskGroupOrderSchema,
    response: taskGroupSchema,
    statuses: { 409: 'the group has ended' },
    handler: async ({ auth, params, body }) => {
      const before = await taskGroupFor(db, auth, params.id);
      if (!(await engine.reorder(params.id, body.to))) {
        throw conflict('This task group has ended: there is nothing left to send in another order.');
      }
      const data = await taskGroupFor(db, auth, params.id);
      return {
        data,
        audit: {
          entity: 'task_group',
          entityId: String(params.id),
          companyId: before.company_id ?? auth.companyId,
          after: { to: body.to, summary: data.summary, action: data.action },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/tasks/groups/:id/retry',
    summary:
      'Retry failed: a new task group, as this one was asked, for its devices whose task failed or expired (in one wave).',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task.retry',
    params: idParam,
    response: taskGroupSchema,
    statuses: {
      409: 'no task of the group failed or expired, its firmware image has been deleted, or it set passwords (forgotten once sent)',
    },
    handler: async ({ auth, params }) => {
      const before = await taskGroupFor(db, auth, params.id);
      if (before.action === 'firmware.update' && before.file_id === null) {
        throw conflict(
          'The firmware image of this update has been deleted: start a new update with another image.',
        );
      }
      if (before.action === 'password.set') {
        throw conflict(
          'A new password is forgotten once its task ends: set it again in the Password manager.',
        );
      }
      const [row] = await db
        .select({ params: taskGroups.params })
        .from(taskGroups)
        .where(eq(taskGroups.id, params.id));
      if ((row?.params as { has_secrets?: boolean } | undefined)?.has_secrets) {
        throw conflict(
          'The keys and passwords of this change are forgotten once sent: make the change again.',
        );
      }
      const group = await engine.retryFailed(params.id, auth.userId);
      if (!group) throw conflict('No task of this group failed or expired: there is nothing to retry.');
      const data = await taskGroupFor(db, auth, group.id);
      return {
        status: 201,
        data,
        audit: {
          entity: 'task_group',
          entityId: String(group.id),
          companyId: group.companyId ?? auth.companyId,
          after: { action: data.action, summary: data.summary, devices: data.total, retried_from: params.id },
        },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/device-files/:taskId',
    summary:
      "A running task's file, for its device: the link is signed, short-lived and bound to the task (no session).",
    tag: 'tasks',
    access: { public: true },
    params: z.object({ taskId: z.uuid() }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
    produces: 'application/octet-stream',
    statuses: {
      403: 'the signature is wrong',
      410: 'the link has expired, or its task is no longer running',
    },
    handler: async ({ params, query, res }) => {
      const check = engine.links.check(params.taskId, query.expires, query.signature, new Date());
      if (check === 'invalid') throw forbidden('This download link is not valid.');
      if (check === 'expired') throw gone('This download link has expired.');
      const [row] = await db
        .select({ state: tasks.state, action: tasks.action, fileId: taskGroups.fileId })
        .from(tasks)
        .innerJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
        .where(eq(tasks.id, params.taskId));
      if (
        !row ||
        !['sent', 'in_progress'].includes(row.state) ||
        row.fileId === null ||
        row.action !== 'firmware.update'
      ) {
        throw gone('This task is no longer running, so its file is not served.');
      }
      const [file] = await db.select().from(files).where(eq(files.id, row.fileId));
      if (!file) throw gone('This file has been deleted.');
      await fileStore.send(res, file, deps.log, () => gone('The content of this file is missing.'));
      return undefined;
    },
  });
  // Its counterpart: a backup task's upload through the same signed link (PUT).
  registerDeviceUploadRoutes(registry, router, deps);

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
