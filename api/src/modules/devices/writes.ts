import { randomUUID } from 'node:crypto';
import {
  type Command,
  DYNAMIC_INTERVAL_S,
  macSchema,
  SERIAL_PATTERN,
  STATIC_INTERVAL_S,
} from '@fleetport/contracts/device-protocol';
import { bulkDevicesSchema } from '@fleetport/contracts/device-requests';
import { DEVICE_ACTIONS } from '@fleetport/contracts/devices';
import { idSchema, isStorableJson, textSchema, unstorableJsonMessage } from '@fleetport/contracts/fields';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, devices, deviceTags, tags } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { CLAIM_LIMITED, ClaimAttempts, claimable, claimDevice, LIMITED, NOT_CLAIMABLE } from './claim.ts';
import { deviceConditions, deviceSchema, findDevice, toDeviceRows } from './list.ts';

const editDeviceSchema = z
  .object({
    name: textSchema().min(1, 'Enter a name.').max(120),
    description: textSchema({ multiline: true }).max(500).nullable(),
    monitoring: z.boolean(),
    dynamic_interval_s: z.number().int().min(DYNAMIC_INTERVAL_S.min).max(DYNAMIC_INTERVAL_S.max),
    static_interval_s: z.number().int().min(STATIC_INTERVAL_S.min).max(STATIC_INTERVAL_S.max),
  })
  .partial();

const claimRowSchema = z.object({
  serial: z.string().trim().regex(SERIAL_PATTERN, 'A serial number is 6–20 letters and digits.'),
  mac: macSchema,
  name: textSchema().min(1).max(120).optional(),
});

/** The serial a row names, as typed, for its answer (even when the row is wrong). */
const serialOf = (raw: unknown): string =>
  typeof (raw as { serial?: unknown } | null)?.serial === 'string' ? (raw as { serial: string }).serial : '';

/** Omit over each member of a union (the command kinds). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** Add device from a file or a list: every row gets its own answer; the good rows are added. */
const MAX_BATCH = 1000;
/** A row of a file or list, checked on its own later; only what no database column can hold is refused here. */
const rawRow = z.unknown().refine(isStorableJson, { error: unstorableJsonMessage });
const batchSchema = z.object({
  company_id: idSchema,
  devices: z.array(rawRow).min(1, 'Add at least one device.').max(MAX_BATCH),
});

const rowResultSchema = z.object({
  row: z.number(),
  serial: z.string(),
  ok: z.boolean(),
  id: z.number().optional(),
  message: z.string().optional(),
});

/** The tags that may go on devices of a company: its own and its ancestors', if the caller sees them. */
async function tagsFor(
  db: Db,
  auth: AuthContext,
  tagIds: readonly number[],
  companyPaths: readonly string[],
) {
  const found = await db
    .select({ id: tags.id, companyId: tags.companyId, path: companies.path })
    .from(tags)
    .innerJoin(companies, eq(companies.id, tags.companyId))
    .where(inArray(tags.id, [...tagIds]));
  const usable = found.filter(
    (tag) =>
      canSeeCompany(auth, { id: tag.companyId, path: tag.path }) &&
      companyPaths.every((path) => path.startsWith(tag.path)),
  );
  if (usable.length !== new Set(tagIds).size) {
    throw fieldError('tag_ids', 'A tag can go only on devices of its company or the companies below it.');
  }
  return usable.map((tag) => tag.id);
}

/**
 * Device writes (spec §2 Edit device, Device list tags, Add device from file and list,
 * Verify devices, the devices grid's bulk actions, the device page's actions through the
 * 'Action status' modal). All need manage_devices and act only in companies the caller sees.
 */
/** Ids per statement of a bulk action (PostgreSQL binds at most 65,535 parameters). */
const BULK_SLICE = 5_000;

export function registerDeviceWrites(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, gateway } = deps;
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
    method: 'patch',
    path: '/devices/:id',
    summary: 'Edits a device: name, description, monitoring and its intervals (sent to the device).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam,
    body: editDeviceSchema,
    response: deviceSchema,
    handler: async ({ auth, params, body }) => {
      const before = await findDevice(db, auth, params.id);
      await db
        .update(devices)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description || null } : {}),
          ...(body.monitoring !== undefined ? { monitoring: body.monitoring } : {}),
          ...(body.dynamic_interval_s !== undefined ? { dynamicIntervalS: body.dynamic_interval_s } : {}),
          ...(body.static_interval_s !== undefined ? { staticIntervalS: body.static_interval_s } : {}),
        })
        .where(eq(devices.id, params.id));
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
    params: idParam,
    handler: async ({ auth, params }) => {
      const row = await findDevice(db, auth, params.id);
      await db.delete(devices).where(eq(devices.id, params.id));
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
    params: idParam,
    body: z.object({ tag_ids: z.array(idSchema).max(50) }),
    response: deviceSchema,
    handler: async ({ auth, params, body }) => {
      const row = await findDevice(db, auth, params.id);
      const tagIds = body.tag_ids.length ? await tagsFor(db, auth, body.tag_ids, [row.companyPath]) : [];
      await db.transaction(async (tx) => {
        await tx.delete(deviceTags).where(eq(deviceTags.deviceId, params.id));
        if (tagIds.length)
          await tx.insert(deviceTags).values(tagIds.map((tagId) => ({ deviceId: params.id, tagId })));
      });
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

  registry.add(router, {
    method: 'post',
    path: '/devices/batch',
    summary:
      'Adds devices from a file or a list (serial, mac, name): each row answers on its own, and the good rows are added.',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    body: batchSchema,
    response: z.object({ added: z.number(), rows: z.array(rowResultSchema) }),
    statuses: {
      429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After; rows after the limit answer it too',
    },
    handler: async ({ auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      // Each row checked is one claim attempt; only the rows that fail count (ClaimAttempts).
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices/batch');
      const rows: z.infer<typeof rowResultSchema>[] = [];
      const seen = new Set<string>();
      for (const [index, raw] of body.devices.entries()) {
        const parsed = claimRowSchema.safeParse(raw);
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
    response: z.array(rowResultSchema),
    statuses: {
      429: 'Too many failed claims (CLAIM_MAX_ATTEMPTS): Retry-After; rows after the limit answer it too',
    },
    handler: async ({ auth, body }) => {
      // A verification tells as much as a claim: its failures count the same (ClaimAttempts).
      const attempts = new ClaimAttempts(deps, auth, 'POST /devices/verify');
      const rows: z.infer<typeof rowResultSchema>[] = [];
      for (const [index, raw] of body.devices.entries()) {
        const parsed = claimRowSchema.safeParse(raw);
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

  registry.add(router, {
    method: 'post',
    path: '/devices/bulk',
    summary:
      'Acts on the selected devices (ids) or on every device matching a filter: add or remove tags, move to a company, monitoring on or off, delete (with the count the user confirmed).',
    tag: 'devices',
    access: { permission: 'manage_devices' },
    body: bulkDevicesSchema,
    response: z.object({ affected: z.number() }),
    statuses: { 409: 'the filter now matches another number of devices than the user confirmed' },
    handler: async ({ auth, body }) => {
      const where = body.ids
        ? and(deviceConditions(auth, {}), inArray(devices.id, body.ids))
        : deviceConditions(auth, body.filter ?? {});
      // Narrow rows: "every matching device" may be most of a million-device fleet.
      const targets = await db
        .select({ id: devices.id, serial: devices.serial, companyPath: devices.companyPath })
        .from(devices)
        .where(where)
        .orderBy(devices.id);
      if (body.action === 'delete' && targets.length !== body.expected_count) {
        throw conflict(
          `The filter now matches ${targets.length} devices, not ${body.expected_count}. Check the list and confirm again.`,
        );
      }
      const ids = targets.map((row) => row.id);
      const serials = targets.map((row) => row.serial);
      const paths = [...new Set(targets.map((row) => row.companyPath))];
      if (ids.length > 0) {
        // Statements take the ids a slice at a time (PostgreSQL binds at most 65,535 parameters),
        // all in one transaction: the action applies to every target or to none.
        const perSlice = (each: (slice: number[], tx: Db) => Promise<unknown>, size = BULK_SLICE) =>
          db.transaction(async (tx) => {
            for (let at = 0; at < ids.length; at += size) await each(ids.slice(at, at + size), tx);
          });
        switch (body.action) {
          case 'add_tags': {
            const tagIds = await tagsFor(db, auth, body.tag_ids ?? [], paths);
            await perSlice(
              (slice, tx) =>
                tx
                  .insert(deviceTags)
                  .values(slice.flatMap((deviceId) => tagIds.map((tagId) => ({ deviceId, tagId }))))
                  .onConflictDoNothing(),
              Math.max(1, Math.floor(BULK_SLICE / Math.max(1, tagIds.length))),
            );
            break;
          }
          case 'remove_tags':
            await perSlice((slice, tx) =>
              tx
                .delete(deviceTags)
                .where(
                  and(inArray(deviceTags.deviceId, slice), inArray(deviceTags.tagId, body.tag_ids ?? [])),
                ),
            );
            break;
          case 'move': {
            const [target] = await db
              .select()
              .from(companies)
              .where(eq(companies.id, body.company_id ?? 0));
            if (!target || !canSeeCompany(auth, target))
              throw fieldError('company_id', 'Choose a company you manage.');
            await perSlice(async (slice, tx) => {
              await tx.update(devices).set({ companyId: target.id }).where(inArray(devices.id, slice));
              // A tag stays only where it may be: on devices of its company or the companies below it.
              await tx.execute(sql`delete from ${deviceTags} dt using ${tags} t, ${companies} c
                where dt.tag_id = t.id and c.id = t.company_id and dt.device_id in (${sql.join(
                  slice.map((id) => sql`${id}`),
                  sql`, `,
                )}) and ${target.path} not like c.path || '%'`);
            });
            break;
          }
          case 'monitoring':
            await perSlice((slice, tx) =>
              tx
                .update(devices)
                .set({ monitoring: body.monitoring ?? true })
                .where(inArray(devices.id, slice)),
            );
            await pushConfigs(serials);
            break;
          case 'period':
            await perSlice((slice, tx) =>
              tx
                .update(devices)
                .set({
                  ...(body.dynamic_interval_s === undefined
                    ? {}
                    : { dynamicIntervalS: body.dynamic_interval_s }),
                  ...(body.static_interval_s === undefined
                    ? {}
                    : { staticIntervalS: body.static_interval_s }),
                })
                .where(inArray(devices.id, slice)),
            );
            await pushConfigs(serials);
            break;
          case 'delete':
            await perSlice((slice, tx) => tx.delete(devices).where(inArray(devices.id, slice)));
            break;
        }
        if (body.action === 'move' || body.action === 'delete') {
          for (const serial of serials) gateway.forget(serial);
        }
      }
      return {
        data: { affected: ids.length },
        audit: {
          entity: 'device',
          entityId: 'bulk',
          after: { action: body.action, ids: ids.slice(0, 1000) },
        },
      };
    },
  });

  /**
   * Sends a command to a connected device the caller sees; its progress comes on the action's
   * realtime channel, answered in meta.channel ('Action status').
   */
  const startCommand = async (
    auth: AuthContext,
    deviceId: number,
    command: DistributiveOmit<Command, 'v' | 'id'>,
    body: unknown,
  ) => {
    const row = await findDevice(db, auth, deviceId);
    if (!row.device.connected) throw conflict('The device is offline. Try again when it is online.');
    const id = randomUUID();
    const channel = deps.realtime.registerAction(id, auth.userId);
    await gateway.sendCommand(
      { id: row.device.id, serial: row.device.serial, name: row.device.name },
      { ...command, v: 1, id } as Command,
      channel,
    );
    return {
      data: { id: row.device.id },
      meta: { channel },
      audit: {
        entity: 'device',
        entityId: String(row.device.id),
        companyId: row.device.companyId,
        after: body,
      },
    };
  };

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/cli',
    summary:
      "Runs a command in the device's shell (spec §2 Device CLI); its output comes on the realtime channel in meta.channel.",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam,
    body: z.object({ command: textSchema().min(1, 'Enter a command.').max(1000) }),
    response: z.object({ id: z.number() }),
    statuses: { 409: 'the device is not connected' },
    handler: async ({ auth, params, body }) =>
      startCommand(auth, params.id, { action: 'cli', command: body.command }, body),
  });

  registry.add(router, {
    method: 'post',
    path: '/devices/:id/actions',
    summary:
      "Starts a device action (reboot, refresh metrics); its progress comes on the realtime channel in meta.channel ('Action status').",
    tag: 'devices',
    access: { permission: 'manage_devices' },
    params: idParam,
    body: z.object({ action: z.enum(DEVICE_ACTIONS) }),
    response: z.object({ id: z.number() }),
    statuses: { 409: 'the device is not connected' },
    handler: async ({ auth, params, body }) => startCommand(auth, params.id, { action: body.action }, body),
  });
}
