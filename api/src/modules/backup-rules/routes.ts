import { type BackupRule, backupRuleSchema, newBackupRuleSchema } from '@fleetport/contracts/backup-rules';
import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import {
  assertRuleNameFree,
  backupRuleFor,
  checkTarget,
  deleteBackupRule,
  insertBackupRule,
  listBackupRules,
  updateBackupRule,
} from './queries.ts';

/**
 * Periodic backup rules (issue 22 "Backups"): a company's rules to back up a device, a tag's
 * devices or a company's devices daily, weekly or monthly, keeping the last N of each device.
 * Read with view_devices, written with manage_devices, in the companies the caller sees. Each
 * write (re)schedules the rule on the task engine's queue (modules/backup-rules/scheduler.ts).
 * Fixed paths under /devices: registered before /devices/:id.
 */
export function registerBackupRuleRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, backupRules: scheduler } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/backup-rules',
    summary:
      'The periodic backup rules of the companies the caller sees, by name, each with its next run in its company’s time zone.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: listQuerySchema(['id', 'name'] as const, { company_id: idSchema.optional() }),
    response: z.array(backupRuleSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listBackupRules(db, auth, query, new Date());
      return { data: rows, meta: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/backup-rules/:id',
    summary: 'One periodic backup rule; 404 alike for another tenant’s and a missing one.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: backupRuleSchema,
    handler: async ({ auth, params }) => ({ data: await backupRuleFor(db, auth, params.id, new Date()) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/backup-rules',
    summary:
      'Saves a periodic backup rule for a company the caller sees (its own when none is named) and schedules it.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'backup_rule.create',
    body: newBackupRuleSchema,
    response: backupRuleSchema,
    statuses: { 409: 'the company has a backup rule of this name' },
    handler: async ({ auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id ?? auth.companyId);
      await checkTarget(db, auth, company, body.target);
      await assertRuleNameFree(db, company.id, body.name);
      const id = await insertBackupRule(db, { companyId: company.id, createdBy: auth.userId, rule: body });
      await scheduler.reschedule(id);
      const data = await backupRuleFor(db, auth, id, new Date());
      return {
        status: 201,
        data,
        audit: { entity: 'backup_rule', entityId: String(id), companyId: company.id, after: audited(data) },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/devices/backup-rules/:id',
    summary: 'Changes a periodic backup rule (enabling or disabling it too) and schedules it again.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'backup_rule.update',
    params: idParam,
    body: newBackupRuleSchema,
    response: backupRuleSchema,
    statuses: { 409: 'the name is taken in the rule’s company' },
    handler: async ({ auth, params, body }) => {
      const before = await backupRuleFor(db, auth, params.id, new Date());
      if (body.company_id !== undefined && body.company_id !== before.company_id) {
        throw fieldError(
          'company_id',
          'A backup rule stays in its company: save a new one in the other company.',
        );
      }
      const company = await visibleCompanyById(db, auth, before.company_id);
      await checkTarget(db, auth, company, body.target);
      await assertRuleNameFree(db, before.company_id, body.name, before.id);
      await updateBackupRule(db, before.id, body, auth.userId, new Date());
      await scheduler.reschedule(before.id);
      const data = await backupRuleFor(db, auth, before.id, new Date());
      return {
        data,
        audit: {
          entity: 'backup_rule',
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
    path: '/devices/backup-rules/:id',
    summary:
      'Deletes a periodic backup rule and its schedule; the backups it made stay (no longer counted by any keep).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'backup_rule.delete',
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const before = await backupRuleFor(db, auth, params.id, new Date());
      await deleteBackupRule(db, before.id);
      await scheduler.unschedule(before.id);
      return {
        data: { deleted: true as const },
        audit: {
          entity: 'backup_rule',
          entityId: String(before.id),
          companyId: before.company_id,
          before: audited(before),
        },
      };
    },
  });
}

/** What the audit log records of a rule (the console's sentence names it and says how often). */
const audited = (rule: BackupRule) => ({
  name: rule.name,
  company_name: rule.company_name,
  target: rule.target,
  target_name: rule.target_name,
  frequency: rule.frequency,
  weekday: rule.weekday,
  day_of_month: rule.day_of_month,
  time: rule.time,
  time_zone: rule.time_zone,
  keep: rule.keep,
  enabled: rule.enabled,
});
