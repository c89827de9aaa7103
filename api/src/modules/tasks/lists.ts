import { deletedSchema } from '@fleetport/contracts/envelope';
import { newTaskListSchema, taskListSchema } from '@fleetport/contracts/tasks';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import {
  assertListNameFree,
  checkSteps,
  deleteTaskList,
  editableTaskList,
  insertTaskList,
  listTaskLists,
  taskListFor,
  updateTaskList,
} from './list-queries.ts';

/**
 * Execute task list (spec §2): a company's saved lists of steps. Read with
 * view_device_task_groups (the lists of the companies the caller sees and of those above its
 * own); written with manage_device_task_groups in the companies the caller sees. A list runs as
 * a task group: POST /devices/tasks/groups with `action: 'task_list'`.
 */
export function registerTaskListRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/task-lists',
    summary: 'The task lists the caller may run (its companies’ and those of the companies above), by name.',
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    query: listQuerySchema(['id', 'name'] as const),
    response: z.array(taskListSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listTaskLists(db, auth, query);
      return { data: rows, meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/task-lists/:id',
    summary: 'One task list; 404 alike for another tenant’s and a missing one.',
    tag: 'tasks',
    access: { permission: 'view_device_task_groups' },
    params: idParam,
    response: taskListSchema,
    handler: async ({ auth, params }) => ({ data: await taskListFor(db, auth, params.id) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/task-lists',
    summary: 'Saves a list of steps for a company the caller sees (its own when none is named).',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task_list.create',
    body: newTaskListSchema,
    response: taskListSchema,
    statuses: { 409: 'the company has a list of this name' },
    handler: async ({ auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id ?? auth.companyId);
      await checkSteps(db, auth, body.steps);
      await assertListNameFree(db, company.id, body.name);
      const id = await insertTaskList(db, { companyId: company.id, createdBy: auth.userId, list: body });
      const data = await taskListFor(db, auth, id);
      return {
        status: 201,
        data,
        audit: { entity: 'task_list', entityId: String(id), companyId: company.id, after: audited(data) },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/devices/task-lists/:id',
    summary: 'Changes a task list’s name and steps; a list of a company above the caller’s is refused.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task_list.update',
    params: idParam,
    body: newTaskListSchema,
    response: taskListSchema,
    statuses: { 409: 'the name is taken, or the list belongs to a company above the caller’s' },
    handler: async ({ auth, params, body }) => {
      const before = await editableTaskList(db, auth, params.id);
      if (body.company_id !== undefined && body.company_id !== before.company_id) {
        throw fieldError(
          'company_id',
          'A task list stays in its company: save a new one in the other company.',
        );
      }
      await checkSteps(db, auth, body.steps);
      await assertListNameFree(db, before.company_id, body.name, before.id);
      await updateTaskList(db, before.id, body, new Date());
      const data = await taskListFor(db, auth, before.id);
      return {
        data,
        audit: {
          entity: 'task_list',
          entityId: String(before.id),
          companyId: before.company_id,
          before: audited(before),
          after: audited(data),
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/devices/task-lists/:id',
    summary: 'Deletes a task list; groups it has run keep their steps.',
    tag: 'tasks',
    access: { permission: 'manage_device_task_groups' },
    event: 'task_list.delete',
    params: idParam,
    response: deletedSchema,
    statuses: { 409: 'the list belongs to a company above the caller’s' },
    handler: async ({ auth, params }) => {
      const before = await editableTaskList(db, auth, params.id);
      await deleteTaskList(db, before.id);
      return {
        data: { deleted: true as const },
        audit: {
          entity: 'task_list',
          entityId: String(before.id),
          companyId: before.company_id,
          before: audited(before),
        },
      };
    },
  });
}

/** What the audit log records of a list (the console's sentence names it and counts its steps). */
const audited = (list: { name: string; company_name: string; steps: readonly { action: string }[] }) => ({
  name: list.name,
  company_name: list.company_name,
  steps: list.steps.map((step) => step.action),
});
