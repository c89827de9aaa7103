import { parseCsv } from '@fleetport/contracts/csv';
import { macSchema, SERIAL_PATTERN } from '@fleetport/contracts/device-protocol';
import { deviceFilterSchema } from '@fleetport/contracts/device-requests';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, deviceIdentities, devices } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { ClaimAttempts, claimDevice, LIMITED, NOT_CLAIMABLE } from './claim.ts';
import { approveIdentities } from './identities.ts';
import {
  DEVICE_COUNT_CAP,
  type DeviceRow,
  deviceConditions,
  deviceListQuery,
  devicePage,
  deviceSchema,
  devicesInView,
  deviceTotal,
  findDevice,
  INDEX_WALK_MIN_DEVICES,
  narrows,
  type SelectedDevice,
  toDeviceRows,
} from './list.ts';
import { type CustomBox, customBoxSchema } from './notes.ts';

/** Spec §5: a device is added by serial and MAC address of an approved identity. */
const addDeviceSchema = z.object({
  company_id: idSchema,
  serial: z.string().trim().regex(SERIAL_PATTERN, 'A serial number is 6–20 letters and digits.'),
  mac: macSchema,
  name: textSchema().min(1).max(120).optional(),
  description: textSchema({ multiline: true }).max(500).optional(),
});

const approvedSchema = z.object({
  id: z.number(),
  serial: z.string(),
  mac: z.string(),
  device_id: z.number().nullable(),
  company_name: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});

/** A manufacturer's CSV: a header with serial, mac and secret columns (others ignored). */
export function parseIdentityCsv(text: string): {
  rows: { line: number; serial: string; mac: string; secret: string }[];
  errors: { line: number; message: string }[];
} {
  const [head, ...body] = parseCsv(text);
  const header = (head?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  const [serialAt, macAt, secretAt] = [column('serial'), column('mac'), column('secret')];
  if (serialAt < 0 || macAt < 0 || secretAt < 0) {
    return {
      rows: [],
      errors: [
        { line: head?.line ?? 1, message: 'The header must name the columns serial, mac and secret.' },
      ],
    };
  }
  const rows: { line: number; serial: string; mac: string; secret: string }[] = [];
  const errors: { line: number; message: string }[] = [];
  const seen = new Set<string>();
  body.forEach(({ line, cells: raw }) => {
    const cells = raw.map((cell) => cell.trim());
    const serial = cells[serialAt] ?? '';
    const mac = macSchema.safeParse(cells[macAt] ?? '');
    const secret = cells[secretAt] ?? '';
    if (!SERIAL_PATTERN.test(serial))
      errors.push({ line, message: 'The serial number is 6–20 letters and digits.' });
    else if (!mac.success)
      errors.push({ line, message: 'The MAC address is six hex pairs, like 00:1E:42:12:34:56.' });
    else if (secret.length < 16 || secret.length > 200)
      errors.push({ line, message: 'The secret is 16–200 characters.' });
    else if (seen.has(serial)) errors.push({ line, message: 'This serial number is in the file twice.' });
    else {
      seen.add(serial);
      rows.push({ line, serial, mac: mac.data, secret });
    }
  });
  return { rows, errors };
}

/**
 * Devices (spec §2 /management/devices, /devices/{id}, /auth-devices; §3 Device): read
 * with view_devices in the companies the caller sees, added with manage_devices. Approved
 * Devices, the identities allowed to connect, are the super admin's.
 */
export function registerDeviceRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

  const deviceFor = (auth: AuthContext, id: number) => findDevice(db, auth, id);
  const toDevice = async (row: SelectedDevice) => (await toDeviceRows(db, [row]))[0] as DeviceRow;

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
    response: z.object({ total: z.number() }),
    handler: async ({ auth, query }) => {
      const { total } = await deviceTotal(db, auth, query, deviceConditions(auth, query));
      return { data: { total } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/devices/:id',
    summary:
      "One device with its capabilities and latest readings; 403 alike for another tenant's and a missing one.",
    tag: 'devices',
    access: { permission: 'view_devices' },
    params: idParam,
    response: deviceSchema.extend({
      capabilities: z.record(z.string(), z.unknown()).nullable(),
      state: z.record(z.string(), z.unknown()),
      dynamic_interval_s: z.number(),
      static_interval_s: z.number(),
      custom: customBoxSchema.nullable(),
    }),
    handler: async ({ auth, params }) => {
      const row = await deviceFor(auth, params.id);
      return {
        data: {
          ...(await toDevice(row)),
          capabilities: (row.device.capabilities as Record<string, unknown> | null) ?? null,
          state: row.device.state as Record<string, unknown>,
          dynamic_interval_s: row.device.dynamicIntervalS,
          static_interval_s: row.device.staticIntervalS,
          custom: (row.device.custom as CustomBox | null) ?? null,
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices',
    summary: 'Adds an approved device (serial and MAC address) to a company the caller sees.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    body: addDeviceSchema,
    response: deviceSchema,
    statuses: { 429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After' },
    handler: async ({ auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices');
      const created = await attempts.attempt(body, () => claimDevice(db, company.id, body));
      if (created === LIMITED) throw attempts.tooMany();
      if (created === undefined) {
        await attempts.audit();
        throw fieldError('serial', NOT_CLAIMABLE, 'DEVICE_NOT_CLAIMABLE');
      }
      deps.gateway.forget(body.serial);
      const data = await toDevice(await deviceFor(auth, created));
      return {
        status: 201,
        data,
        audit: { entity: 'device', entityId: String(data.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/auth-devices',
    summary: 'Approved Devices: the identities allowed to connect (super admin).',
    tag: 'devices',
    access: { permission: 'super_admin' },
    query: listQuerySchema(['id', 'serial', 'mac', 'created_at'] as const, {
      unclaimed: z
        .enum(['true', 'false'])
        .optional()
        .transform((value) => value === 'true'),
    }),
    response: z.array(approvedSchema),
    handler: async ({ query }) => {
      const conditions: SQL[] = [];
      if (query.q) {
        const search = or(
          ilike(deviceIdentities.serial, contains(query.q)),
          ilike(deviceIdentities.mac, contains(query.q)),
        );
        if (search) conditions.push(search);
      }
      if (query.unclaimed) conditions.push(isNull(devices.id));
      const where = conditions.length ? and(...conditions) : undefined;
      const sortable = {
        id: deviceIdentities.id,
        serial: deviceIdentities.serial,
        mac: deviceIdentities.mac,
        created_at: deviceIdentities.createdAt,
      };
      const order = query.sort.map((key) =>
        key.descending ? desc(sortable[key.field]) : asc(sortable[key.field]),
      );
      const base = () =>
        db
          .select({ identity: deviceIdentities, deviceId: devices.id, companyName: companies.name })
          .from(deviceIdentities)
          .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
          .leftJoin(companies, eq(companies.id, devices.companyId))
          .where(where)
          .$dynamic();
      const [rows, [total]] = await Promise.all([
        base()
          .orderBy(...order, asc(deviceIdentities.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(deviceIdentities)
          .leftJoin(devices, eq(devices.identityId, deviceIdentities.id))
          .where(where),
      ]);
      return {
        data: pickFields(
          rows.map((row) => ({
            id: row.identity.id,
            serial: row.identity.serial,
            mac: row.identity.mac,
            device_id: row.deviceId,
            company_name: row.companyName,
            last_seen_at: row.identity.lastSeenAt?.toISOString() ?? null,
            created_at: row.identity.createdAt.toISOString(),
          })),
          query.fields,
        ),
        meta: { total: total?.value ?? 0 },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/auth-devices',
    summary:
      "Imports a manufacturer's CSV (serial, mac, secret) into Approved Devices; every row is checked first and nothing is saved when one is wrong.",
    tag: 'devices',
    access: { permission: 'super_admin' },
    body: z.object({
      csv: textSchema({ multiline: true, trim: false }).min(1, 'Choose a CSV file.').max(20_000_000),
    }),
    response: z.object({ imported: z.number(), skipped: z.number() }),
    handler: async ({ body }) => {
      const { rows, errors } = parseIdentityCsv(body.csv);
      if (errors.length > 0) {
        throw fieldError(
          'csv',
          errors
            .slice(0, 20)
            .map((error) => `Line ${error.line}: ${error.message}`)
            .join('\n'),
          'CSV_INVALID',
        );
      }
      if (rows.length === 0) throw fieldError('csv', 'The file has no devices.', 'CSV_INVALID');
      const imported = await db.transaction((tx) => approveIdentities(tx as unknown as Db, rows));
      return {
        data: { imported, skipped: rows.length - imported },
        audit: { entity: 'device_identities', entityId: 'import', after: { imported } },
      };
    },
  });
}
