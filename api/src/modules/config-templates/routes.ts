import {
  assignTemplateSchema,
  type ConfigTemplate,
  configTemplateSchema,
  newConfigTemplateSchema,
  templateAssignedSchema,
  templateFromDeviceSchema,
  unassignTemplateSchema,
} from '@fleetport/contracts/config-templates';
import { modelFamily } from '@fleetport/contracts/device-protocol';
import { deletedSchema } from '@fleetport/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { devices, deviceTags } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { visibleCompanyById, visibleDevices } from '../companies/scope.ts';
import { findDevice } from '../devices/device-queries.ts';
import { configOf } from '../devices/gateway-queries.ts';
import {
  assertDevicesVisible,
  assertTemplateNameFree,
  assignTemplate,
  checkFamily,
  deleteTemplate,
  editableTemplate,
  insertTemplate,
  listTemplates,
  settingsOf,
  templateFor,
  unassignTemplates,
  updateTemplate,
} from './queries.ts';

/**
 * Saved configurations and templates (spec §2 Templates, Saved configurations; issue 22). Read
 * with view_devices (the templates of the companies the caller sees and of those above its own);
 * written and assigned with manage_devices. A template is applied as a configuration change
 * (POST /devices/tasks/groups, `config.write` with `template_id`); a device assigned one is
 * "drifted" in the devices list (`template=drifted`) when what it reports differs.
 */
export function registerConfigTemplateRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/config-templates',
    summary: 'The configuration templates the caller may use (its companies’ and those above), by name.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: listQuerySchema(['id', 'name'] as const),
    response: z.array(configTemplateSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listTemplates(db, auth, query);
      return { data: rows, meta: { total } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/config-templates/from-device',
    summary:
      "Saves a device's reported settings as a template of its company and model family (no secrets, no host name or LAN address).",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.create',
    body: templateFromDeviceSchema,
    response: configTemplateSchema,
    statuses: {
      409: 'the company has a template of this name',
      422: 'the device has not reported a configuration yet',
    },
    handler: async ({ auth, body }) => {
      const found = await findDevice(db, auth, body.device_id);
      const company = await visibleCompanyById(db, auth, body.company_id ?? found.device.companyId);
      const reported = await configOf(db, found.device.id);
      if (!reported) throw fieldError('device_id', 'This device has not reported its configuration yet.');
      await assertTemplateNameFree(db, company.id, body.name);
      const id = await insertTemplate(db, {
        companyId: company.id,
        createdBy: auth.userId,
        template: {
          name: body.name,
          description: body.description,
          family: found.device.model ? (modelFamily(found.device.model) ?? null) : null,
          sections: settingsOf(reported.config),
        },
      });
      const data = await templateFor(db, auth, id);
      return {
        status: 201,
        data,
        audit: {
          entity: 'config_template',
          entityId: String(id),
          companyId: company.id,
          after: { ...audited(data), device_id: found.device.id, device_name: found.device.name },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/config-templates/unassign',
    summary: 'The devices named no longer follow a template (they are no longer checked for drift).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.unassign',
    body: unassignTemplateSchema,
    response: templateAssignedSchema,
    handler: async ({ auth, body }) => {
      await assertDevicesVisible(db, auth, body.device_ids);
      const removed = await unassignTemplates(db, body.device_ids);
      return {
        data: { assigned: removed },
        audit: {
          entity: 'config_template',
          entityId: 'unassign',
          companyId: auth.companyId,
          after: { devices: removed },
        },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/config-templates/:id',
    summary: 'One template; 404 alike for another tenant’s and a missing one.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: configTemplateSchema,
    handler: async ({ auth, params }) => ({ data: await templateFor(db, auth, params.id) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/config-templates',
    summary: 'Saves a hand-made template for a company the caller sees (its own when none is named).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.create',
    body: newConfigTemplateSchema,
    response: configTemplateSchema,
    statuses: { 409: 'the company has a template of this name' },
    handler: async ({ auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id ?? auth.companyId);
      await assertTemplateNameFree(db, company.id, body.name);
      const id = await insertTemplate(db, { companyId: company.id, createdBy: auth.userId, template: body });
      const data = await templateFor(db, auth, id);
      return {
        status: 201,
        data,
        audit: {
          entity: 'config_template',
          entityId: String(id),
          companyId: company.id,
          after: audited(data),
        },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/devices/config-templates/:id',
    summary:
      'Changes a template; the devices that follow it are held against the new settings at once. A template of a company above the caller’s is refused.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.update',
    params: idParam,
    body: newConfigTemplateSchema,
    response: configTemplateSchema,
    statuses: { 409: 'the name is taken, or the template belongs to a company above the caller’s' },
    handler: async ({ auth, params, body }) => {
      const before = await editableTemplate(db, auth, params.id);
      if (body.company_id !== undefined && body.company_id !== before.company_id)
        throw fieldError(
          'company_id',
          'A template stays in its company: save a new one in the other company.',
        );
      await assertTemplateNameFree(db, before.company_id, body.name, before.id);
      await updateTemplate(db, before.id, body, new Date());
      const data = await templateFor(db, auth, before.id);
      return {
        data,
        audit: {
          entity: 'config_template',
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
    path: '/devices/config-templates/:id',
    summary: 'Deletes a template; its devices no longer follow one (their settings stay as they are).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.delete',
    params: idParam,
    response: deletedSchema,
    statuses: { 409: 'the template belongs to a company above the caller’s' },
    handler: async ({ auth, params }) => {
      const before = await editableTemplate(db, auth, params.id);
      await deleteTemplate(db, before.id);
      return {
        data: { deleted: true as const },
        audit: {
          entity: 'config_template',
          entityId: String(before.id),
          companyId: before.company_id,
          before: audited(before),
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/config-templates/:id/assign',
    summary:
      'The devices named (or a tag’s devices at this moment) follow this template: each is held against it and marked drifted when its reported configuration differs. Devices of another model family are refused.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'config_template.assign',
    params: idParam,
    body: assignTemplateSchema,
    response: templateAssignedSchema,
    statuses: { 422: 'a device of another model family, or no device' },
    handler: async ({ auth, params, body }) => {
      const template = await templateFor(db, auth, params.id);
      let ids = body.device_ids ?? [];
      if (body.tag_id !== undefined) {
        const tagged = await db
          .select({ id: devices.id })
          .from(deviceTags)
          .innerJoin(devices, eq(devices.id, deviceTags.deviceId))
          .where(and(eq(deviceTags.tagId, body.tag_id), visibleDevices(auth)));
        ids = tagged.map((row) => row.id);
        if (ids.length === 0) throw fieldError('tag_id', 'No device you can see has this tag.');
      } else await assertDevicesVisible(db, auth, ids);
      await checkFamily(db, auth, template, ids, body.tag_id !== undefined ? 'tag_id' : 'device_ids');
      await assignTemplate(db, template.id, ids, auth.userId, new Date());
      return {
        data: { assigned: ids.length },
        audit: {
          entity: 'config_template',
          entityId: String(template.id),
          companyId: template.company_id,
          after: {
            name: template.name,
            devices: ids.length,
            ...(body.tag_id ? { tag_id: body.tag_id } : {}),
          },
        },
      };
    },
  });
}

/** What the audit log records of a template (the console's sentence names it). */
const audited = (template: Pick<ConfigTemplate, 'name' | 'company_name' | 'family' | 'sections'>) => ({
  name: template.name,
  company_name: template.company_name,
  family: template.family,
  sections: Object.keys(template.sections),
});
