import {
  type CustomBox,
  type DeviceDetail,
  deviceDetailSchema,
  deviceRefSchema,
  deviceSchema,
  editDeviceSchema,
  setDeviceTagsSchema,
} from '@fleetport/contracts/device-schemas';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import {
  deleteDevice,
  findDevice,
  setDeviceTags,
  tagsFor,
  toDevice,
  toDeviceRows,
  updateDevice,
} from './device-queries.ts';

/**
 * One device (spec §2 /devices/{id}, Edit device, Device list tags): read with view_devices,
 * changed with manage_devices, always one the caller sees (403 alike for another tenant's and a
 * missing one).
 */
export function registerDeviceItemRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, gateway } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices/:id',
    summary:
      "One device with its capabilities and latest readings; 403 alike for another tenant's and a missing one.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: deviceDetailSchema,
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      const data: DeviceDetail = {
        ...(await toDevice(db, row)),
        capabilities: (row.device.capabilities as Record<string, unknown> | null) ?? null,
        state: row.device.state as Record<string, unknown>,
        dynamic_interval_s: row.device.dynamicIntervalS,
        static_interval_s: row.device.staticIntervalS,
        custom: (row.device.custom as CustomBox | null) ?? null,
      };
      return { data };
    },
  });

  registry.add(router, {
    method: 'patch',
    path: '/devices/:id',
    summary: 'Edits a device: name, description, monitoring and its intervals (sent to the device).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.update',
    params: idParam,
    body: editDeviceSchema,
    response: deviceSchema,
    handler: async ({ auth, params, body }) => {
      const before = await findDevice(db, auth, params.id);
      await updateDevice(db, params.id, body);
      await gateway.pushConfig(before.device.serial);
      const [previous] = await toDeviceRows(db, [before]);
      const [data] = await toDeviceRows(db, [await findDevice(db, auth, params.id)]);
      return {
        data,
        audit: {
          entity: 'device',
          entityId: String(params.id),
          companyId: before.device.companyId,
          before: previous,
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/devices/:id',
    summary: 'Removes a device from its company; its identity stays approved, so it can be added again.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.delete',
    params: idParam,
    response: deviceRefSchema,
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      await deleteDevice(db, params.id);
      gateway.forget(row.device.serial);
      return {
        data: { id: params.id },
        audit: {
          entity: 'device',
          entityId: String(params.id),
          companyId: row.device.companyId,
          before: { serial: row.device.serial, name: row.device.name },
        },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/devices/:id/tags',
    summary:
      "Sets a device's tags (spec §2 Device list tags): tags of its company or the companies above it.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.tags',
    params: idParam,
    body: setDeviceTagsSchema,
    response: deviceSchema,
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      const tagIds = body.tag_ids.length ? await tagsFor(db, auth, body.tag_ids, [row.companyPath]) : [];
      await setDeviceTags(db, params.id, tagIds);
      const [data] = await toDeviceRows(db, [row]);
      return {
        data,
        audit: {
          entity: 'device',
          entityId: String(params.id),
          companyId: row.device.companyId,
          after: { tag_ids: tagIds },
        },
      };
    },
  });
}
