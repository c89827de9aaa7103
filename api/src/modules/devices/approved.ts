import { parseCsv } from '@fleetport/contracts/csv';
import {
  DEVICE_SECRET_LENGTH,
  deviceSecretProblem,
  macSchema,
  SERIAL_PATTERN,
} from '@fleetport/contracts/device-protocol';
import {
  approvedDeviceSchema,
  identityImportSchema,
  identityRemovalSchema,
} from '@fleetport/contracts/device-schemas';
import { textSchema } from '@fleetport/contracts/fields';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { importIdentities, listApproved, removeIdentity } from './approved-queries.ts';
import { brokerAnswerWithin, outcomeWithin } from './dynsec.ts';

/**
 * How long an import's or a removal's answer waits for a Mosquitto broker (MQTT_DYNSEC), well
 * within the edge's 30 s: a large file on Mosquitto 2.0 takes minutes, and goes on after.
 */
const BROKER_WAIT_MS = 15_000;

/** What a row with a weak or overlong secret is told (the rule: contracts, deviceSecretProblem). */
const SECRET_MESSAGES = {
  too_short: `The secret is too short: it needs 128 bits, that is at least ${DEVICE_SECRET_LENGTH.hex} hex digits, or ${DEVICE_SECRET_LENGTH.other} characters when it has other letters or symbols (base64, for instance).`,
  too_long: `The secret is at most ${DEVICE_SECRET_LENGTH.max} characters.`,
} as const;

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
    const weak = deviceSecretProblem(secret);
    if (!SERIAL_PATTERN.test(serial))
      errors.push({ line, message: 'The serial number is 6–20 letters and digits.' });
    else if (!mac.success)
      errors.push({ line, message: 'The MAC address is six hex pairs, like 00:1E:42:12:34:56.' });
    else if (weak) errors.push({ line, message: SECRET_MESSAGES[weak] });
    else if (seen.has(serial)) errors.push({ line, message: 'This serial number is in the file twice.' });
    else {
      seen.add(serial);
      rows.push({ line, serial, mac: mac.data, secret });
    }
  });
  return { rows, errors };
}

/** Approved Devices (spec §2 /auth-devices): the identities allowed to connect, the super admin's. */
export function registerApprovedDeviceRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db } = deps;

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
    response: z.array(approvedDeviceSchema),
    handler: async ({ query }) => {
      const { rows, total } = await listApproved(db, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/auth-devices',
    summary:
      "Imports a manufacturer's CSV (serial, mac, secret) into Approved Devices; every row is checked first and nothing is saved when one is wrong. With MQTT_DYNSEC, the Mosquitto broker is given each device's client (`broker` counts them).",
    tag: 'devices',
    access: { permission: 'super_admin' },
    event: 'device.approve',
    body: z.object({
      csv: textSchema({ multiline: true, trim: false }).min(1, 'Choose a CSV file.').max(20_000_000),
    }),
    response: identityImportSchema,
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
      const { imported, confirmed } = await importIdentities(db, rows);
      // Kept in the database whatever the broker says; the answer counts what it could not take.
      const broker = !deps.dynsec
        ? undefined
        : confirmed.length === 0
          ? { provisioned: 0, failed: 0, pending: 0 }
          : await outcomeWithin(deps.dynsec.provision(confirmed), BROKER_WAIT_MS);
      return {
        data: { imported, skipped: rows.length - imported, ...(broker && { broker }) },
        audit: {
          entity: 'device_identities',
          entityId: 'import',
          after: { imported, ...(broker && { broker }) },
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/auth-devices/:id',
    summary:
      'Removes an identity from Approved Devices (issue 31): refused while its device is in a company. The device is disconnected now and can no longer connect; with MQTT_DYNSEC the Mosquitto broker deletes its client (`broker.removed`: whether it confirmed).',
    tag: 'devices',
    access: { permission: 'super_admin' },
    event: 'device.unapprove',
    params: idParam,
    response: identityRemovalSchema,
    handler: async ({ params }) => {
      const found = await removeIdentity(db, params.id);
      if (!found) throw notFound('This device is not in Approved Devices.');
      if (!found.removed) {
        throw conflict(`${found.serial} is a device of ${found.companyName}: delete the device there first`);
      }
      const { serial } = found;
      // The embedded broker ends its connections now; an external one: see its `disconnect`.
      deps.gateway.transport.disconnect(serial);
      deps.gateway.forget(serial);
      // The removal stands whatever the broker says (its failure is logged, with what to do); not
      // confirmed within the wait counts as not removed, and the log says how it ended.
      const broker = deps.dynsec && {
        removed: await brokerAnswerWithin(deps.dynsec.remove(serial), BROKER_WAIT_MS, () => false),
      };
      return {
        data: { id: params.id, serial, ...(broker && { broker }) },
        audit: {
          entity: 'device_identities',
          entityId: String(params.id),
          before: { serial, mac: found.mac },
          ...(broker && { after: { broker } }),
        },
      };
    },
  });
}
