import {
  addDeviceSchema,
  type DeviceRowResult,
  deviceBatchResultSchema,
  deviceClaimSchema,
  deviceRowResultSchema,
  deviceSchema,
} from '@fleetport/contracts/device-schemas';
import { idSchema, isStorableJson, unstorableJsonMessage } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { CLAIM_LIMITED, ClaimAttempts, claimable, claimDevice, LIMITED, NOT_CLAIMABLE } from './claim.ts';
import { companyForDevices, findDevice, toDevice } from './device-queries.ts';

/** The serial a row names, as typed, for its answer (even when the row is wrong). */
const serialOf = (raw: unknown): string =>
  typeof (raw as { serial?: unknown } | null)?.serial === 'string' ? (raw as { serial: string }).serial : '';

/** Add device from a file or a list: every row gets its own answer; the good rows are added. */
const MAX_BATCH = 1000;
/** A row of a file or list, checked on its own later; only what no database column can hold is refused here. */
const rawRow = z.unknown().refine(isStorableJson, { error: unstorableJsonMessage });
const batchSchema = z.object({
  company_id: idSchema,
  devices: z.array(rawRow).min(1, 'Add at least one device.').max(MAX_BATCH),
});

/**
 * Adding devices (spec §2 Add device, Add device from file and list, Verify devices): by serial
 * and MAC address of an approved identity, into a company the caller sees, with manage_devices.
 * Failed claims are counted and limited (claim.ts, README "Device claims").
 */
export function registerAddDeviceRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, gateway } = deps;

  registry.add(router, {
    method: 'post',
    path: '/devices',
    summary: 'Adds an approved device (serial and MAC address) to a company the caller sees.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.add',
    body: addDeviceSchema,
    response: deviceSchema,
    statuses: { 429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After' },
    handler: async ({ auth, body }) => {
      const company = await companyForDevices(db, auth, body.company_id);
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices');
      const created = await attempts.attempt(body, () => claimDevice(db, company.id, body));
      if (created === LIMITED) throw attempts.tooMany();
      if (created === undefined) {
        await attempts.audit();
        throw fieldError('serial', NOT_CLAIMABLE, 'DEVICE_NOT_CLAIMABLE');
      }
      gateway.forget(body.serial);
      const data = await toDevice(db, await findDevice(db, auth, created));
      return {
        status: 201,
        data,
        audit: { entity: 'device', entityId: String(data.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/batch',
    summary:
      'Adds devices from a file or a list (serial, mac, name): each row answers on its own, and the good rows are added.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    event: 'device.add_batch',
    body: batchSchema,
    response: deviceBatchResultSchema,
    statuses: {
      429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After; rows after the limit answer it too',
    },
    handler: async ({ auth, body }) => {
      const company = await companyForDevices(db, auth, body.company_id);
      // Each row checked is one claim attempt; only the rows that fail count (ClaimAttempts).
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices/batch');
      const rows: DeviceRowResult[] = [];
      const seen = new Set<string>();
      for (const [index, raw] of body.devices.entries()) {
        const parsed = deviceClaimSchema.safeParse(raw);
        const serial = serialOf(raw);
        if (!parsed.success) {
          rows.push({
            row: index + 1,
            serial,
            ok: false,
            message: parsed.error.issues[0]?.message ?? NOT_CLAIMABLE,
          });
          continue;
        }
        if (seen.has(parsed.data.serial)) {
          rows.push({
            row: index + 1,
            serial,
            ok: false,
            message: 'This serial number is in the list twice.',
          });
          continue;
        }
        seen.add(parsed.data.serial);
        const id = await attempts.attempt(parsed.data, () => claimDevice(db, company.id, parsed.data));
        if (id === LIMITED) {
          // Stopped before anything was checked: the request is refused as a whole.
          if (attempts.checked === 0) throw attempts.tooMany();
          rows.push({ row: index + 1, serial, ok: false, message: CLAIM_LIMITED });
        } else if (id === undefined) rows.push({ row: index + 1, serial, ok: false, message: NOT_CLAIMABLE });
        else {
          gateway.forget(parsed.data.serial);
          rows.push({ row: index + 1, serial, ok: true, id });
        }
      }
      await attempts.audit();
      const added = rows.filter((row) => row.ok).length;
      return {
        status: added > 0 ? 201 : 200,
        data: { added, rows },
        audit: {
          entity: 'device',
          entityId: 'batch',
          companyId: company.id,
          after: { added: rows.filter((row) => row.ok).map((row) => row.serial) },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/verify',
    summary:
      'Verify devices (spec §2): whether each serial and MAC address can be added, before adding them. Answers yes or no only.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    body: z.object({ devices: z.array(rawRow).min(1).max(MAX_BATCH) }),
    response: z.array(deviceRowResultSchema),
    statuses: {
      429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After; rows after the limit answer it too',
    },
    handler: async ({ auth, body }) => {
      // A verification tells as much as a claim: its failures count the same (ClaimAttempts).
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices/verify');
      const rows: DeviceRowResult[] = [];
      for (const [index, raw] of body.devices.entries()) {
        const parsed = deviceClaimSchema.safeParse(raw);
        const serial = parsed.success ? parsed.data.serial : serialOf(raw);
        if (!parsed.success) {
          rows.push({
            row: index + 1,
            serial,
            ok: false,
            message: parsed.error.issues[0]?.message ?? NOT_CLAIMABLE,
          });
          continue;
        }
        const found = await attempts.attempt(parsed.data, () => claimable(db, parsed.data));
        if (found === LIMITED && attempts.checked === 0) throw attempts.tooMany();
        const ok = found !== LIMITED && found !== undefined;
        rows.push({
          row: index + 1,
          serial,
          ok,
          ...(ok ? {} : { message: found === LIMITED ? CLAIM_LIMITED : NOT_CLAIMABLE }),
        });
      }
      await attempts.audit();
      return { data: rows, audit: false };
    },
  });
}
