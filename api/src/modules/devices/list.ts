import { csvLine } from '@fleetport/contracts/csv';
import {
  bulkDevicesResultSchema,
  bulkDevicesSchema,
  type Device,
  deviceCountSchema,
  deviceFilterSchema,
  devicePositionSchema,
  deviceSchema,
} from '@fleetport/contracts/device-schemas';
import { INT4_MAX, integerSchema } from '@fleetport/contracts/fields';
import { MAP_BATCH_SIZE } from '@fleetport/contracts/limits';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict } from '../../http/errors.ts';
import { pickFields } from '../../http/list-query.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { applyBulkAction, BULK_SLICE, bulkTargets } from './bulk-queries.ts';
import { type SelectedDevice, toDeviceRows } from './device-queries.ts';
import {
  DEVICE_COUNT_CAP,
  DEVICE_FIELDS,
  deviceConditions,
  deviceListQuery,
  devicePage,
  devicePositions,
  devicesInView,
  deviceTotal,
  exportBatch,
  INDEX_WALK_MIN_DEVICES,
  narrows,
} from './list-queries.ts';

const EXPORT_BATCH = 500;
/** Spec §9 map clusters: markers are added in batches of 2000, and the map reads them so. */
export const POSITION_BATCH = MAP_BATCH_SIZE;

/** The export's columns: the list's fields, tags as their names. Headers are the API's field names, so a file re-imports. */
const EXPORT_FIELDS = DEVICE_FIELDS.filter((field) => field !== 'description');

function exportValue(row: Device, field: (typeof EXPORT_FIELDS)[number]) {
  if (field === 'tags') return row.tags.map((tag) => tag.name).join('; ');
  return row[field];
}

/**
 * The device list (spec §2 /management/devices): its pages, the exact count, the streamed CSV
 * export, the map's positions and the bulk actions on a selection or on every match. Fixed paths
 * (`/devices/count`, `/devices/export`, `/devices/positions`) come before `/devices/:id`.
 */
export function registerDeviceListRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, gateway } = deps;

  registry.add(router, {
    method: 'get',
    path: '/devices',
    summary:
      'Devices of the companies the caller may see (list conventions; status, model, company, tag, connection type, signal and firmware filters).',
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceListQuery,
    response: z.array(deviceSchema),
    handler: async ({ auth, query }) => {
      const where = deviceConditions(auth, query);
      const inView = await devicesInView(db, auth, query.company_id);
      const page = (walk: boolean) =>
        devicePage(db, where, query.sort, { limit: query.limit, offset: query.offset, walk });
      const count = () => deviceTotal(db, auth, query, where, query.offset + DEVICE_COUNT_CAP);
      let rows: SelectedDevice[];
      let total: Awaited<ReturnType<typeof count>>;
      if (!narrows(query)) {
        total = { total: inView, total_capped: false };
        rows = await page(inView >= INDEX_WALK_MIN_DEVICES);
      } else if (inView < INDEX_WALK_MIN_DEVICES) {
        [rows, total] = await Promise.all([page(false), count()]);
      } else {
        // A filter over a large view: the capped count first. When it reaches the cap, matches are
        // dense enough (at least 10,000 of the view) for a walk of the sort's index to find the
        // page soon, e.g. the super admin's Online devices; otherwise they are few, and sorted.
        total = await count();
        rows = await page(total.total_capped);
      }
      return {
        data: pickFields(await toDeviceRows(db, rows), query.fields),
        meta: total,
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/count',
    summary:
      "The exact number of devices matching the list's filters (the list's own total stops counting past its cap; a bulk action on every match confirms this number).",
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFilterSchema,
    response: deviceCountSchema,
    handler: async ({ auth, query }) => {
      const { total } = await deviceTotal(db, auth, query, deviceConditions(auth, query));
      return { data: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/export',
    summary:
      'Every device matching the filters, as CSV, streamed in batches (no row limit); the columns are the list fields.',
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFilterSchema,
    produces: 'text/csv',
    handler: async ({ auth, query, res }) => {
      const where = deviceConditions(auth, query);
      const nextBatch = (after: number) => exportBatch(db, where, after, EXPORT_BATCH);
      // The query is validated and its first batch read before the first byte: until then, a
      // refused filter or a failing query still gets its own status (422, 500), not a cut file.
      let batch = await nextBatch(0);
      res.status(200);
      res.setHeader('content-type', 'text/csv; charset=utf-8');
      res.setHeader('content-disposition', 'attachment; filename="devices.csv"');
      res.setHeader('cache-control', 'no-store');
      res.write(`\uFEFF${csvLine(EXPORT_FIELDS)}`);
      let after = 0;
      for (;;) {
        if (after > 0) batch = await nextBatch(after);
        if (batch.length === 0) break;
        const rows = await toDeviceRows(db, batch);
        const text = rows
          .map((row) => csvLine(EXPORT_FIELDS.map((field) => exportValue(row, field))))
          .join('');
        if (!res.write(text)) await new Promise((resolve) => res.once('drain', resolve));
        after = batch[batch.length - 1]?.device.id ?? after;
        if (batch.length < EXPORT_BATCH || res.destroyed) break;
      }
      res.end();
      return undefined;
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/positions',
    summary:
      "Where the matching devices are (their last GPS fix), for the map: pages of up to 2000 by id; meta.next is the next page's `after`.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    query: deviceFilterSchema.extend({
      after: integerSchema({ min: 0, max: INT4_MAX }).default(0),
      limit: integerSchema({ min: 1, max: POSITION_BATCH }).default(POSITION_BATCH),
    }),
    response: z.array(devicePositionSchema),
    handler: async ({ auth, query }) => {
      const { after, limit, ...filter } = query;
      const rows = await devicePositions(db, auth, filter, { after, limit });
      const last = rows.at(-1);
      return { data: rows, meta: { next: rows.length === limit && last ? last.id : null } };
    },
  });

  /**
   * New configurations to the devices after a bulk change. A selection waits for them; a change
   * to thousands of devices goes on in the background (the database holds the change already, and
   * a device also gets its configuration when it next connects).
   */
  const pushConfigs = async (serials: readonly string[]) => {
    if (serials.length <= BULK_SLICE) return gateway.pushConfigs(serials);
    gateway
      .pushConfigs(serials)
      .catch((error: unknown) =>
        deps.log.error({ err: error, devices: serials.length }, 'config push failed'),
      );
  };

  registry.add(router, {
    method: 'post',
    path: '/devices/bulk',
    event: 'device.bulk',
    summary:
      'Acts on the selected devices (ids) or on every device matching a filter: add or remove tags, move to a company, monitoring on or off, delete (with the count the user confirmed).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    body: bulkDevicesSchema,
    response: bulkDevicesResultSchema,
    statuses: { 409: 'the filter now matches another number of devices than the user confirmed' },
    handler: async ({ auth, body }) => {
      const targets = await bulkTargets(db, auth, body);
      if (body.action === 'delete' && targets.length !== body.expected_count) {
        throw conflict(
          `The filter now matches ${targets.length} devices, not ${body.expected_count}. Check the list and confirm again.`,
        );
      }
      const ids = targets.map((row) => row.id);
      const serials = targets.map((row) => row.serial);
      let applied: Awaited<ReturnType<typeof applyBulkAction>> = {};
      if (ids.length > 0) {
        applied = await applyBulkAction(db, auth, body, targets);
        if (body.action === 'monitoring' || body.action === 'period') await pushConfigs(serials);
        if (body.action === 'move' || body.action === 'delete') {
          for (const serial of serials) gateway.forget(serial);
        }
      }
      return {
        data: { affected: ids.length, ...(applied.company ? { company_name: applied.company.name } : {}) },
        audit: {
          entity: 'device',
          entityId: 'bulk',
          after: {
            action: body.action,
            ids: ids.slice(0, 1000),
            // A move names where to, so its history reads "moved 12 devices to Acme Berlin".
            ...(applied.company
              ? { company_id: applied.company.id, company_name: applied.company.name }
              : {}),
          },
        },
      };
    },
  });
}
