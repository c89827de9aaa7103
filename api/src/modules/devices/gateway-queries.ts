import type { ConfigReport } from '@fleetport/contracts/device-config';
import type { Hello } from '@fleetport/contracts/device-protocol';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  creditBalances,
  deviceConfigs,
  deviceConnectionLog,
  deviceFirmwareHistory,
  deviceIdentities,
  devices,
  deviceTelemetry,
} from '../../db/schema.ts';
import { changeBalance } from '../credits/balances.ts';

/** A device's row, as the gateway reads and writes it. */
export type DeviceRow = typeof devices.$inferSelect;

/** The approved identity of a serial (MAC, secret digest), if it is approved. */
export async function identityBySerial(db: Db, serial: string) {
  const [identity] = await db.select().from(deviceIdentities).where(eq(deviceIdentities.serial, serial));
  return identity;
}

/** Stores an identity's latest hello and when it was seen. */
export async function recordIdentityHello(db: Db, identityId: number, hello: Hello, at: Date): Promise<void> {
  await db
    .update(deviceIdentities)
    .set({ lastHello: hello, lastSeenAt: at })
    .where(eq(deviceIdentities.id, identityId));
}

/** Writes a line of a device identity's connection log. */
export async function logConnection(
  db: Db,
  identityId: number,
  reason: number,
  detail: string | null,
): Promise<void> {
  await db.insert(deviceConnectionLog).values({ identityId, reason, detail });
}

/** The device of this serial, if it is in a company. */
export async function deviceBySerial(db: Db, serial: string): Promise<DeviceRow | undefined> {
  const [device] = await db.select().from(devices).where(eq(devices.serial, serial));
  return device;
}

/** The device of an approved identity, if it is in a company yet. */
export async function deviceByIdentity(db: Db, identityId: number): Promise<DeviceRow | undefined> {
  const [device] = await db.select().from(devices).where(eq(devices.identityId, identityId));
  return device;
}

/** The identity id of a device, if the device still exists. */
export async function identityIdOfDevice(db: Db, deviceId: number): Promise<number | undefined> {
  const [device] = await db
    .select({ identityId: devices.identityId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return device?.identityId;
}

/** The devices of these serials that are connected now. */
export async function connectedDevicesBySerials(db: Db, serials: string[]): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(inArray(devices.serial, serials), eq(devices.connected, true)));
}

/** A device said hello: connected, with what it reported; the updated row. */
export async function markDeviceHello(
  db: Db,
  deviceId: number,
  values: Pick<
    DeviceRow,
    'model' | 'firmware' | 'capabilities' | 'firstSeenAt' | 'lastSeenAt' | 'creditUntil'
  >,
): Promise<DeviceRow | undefined> {
  const [device] = await db
    .update(devices)
    .set({
      model: values.model,
      firmware: values.firmware,
      capabilities: values.capabilities,
      connected: true,
      firstSeenAt: values.firstSeenAt,
      lastSeenAt: values.lastSeenAt,
      creditUntil: values.creditUntil,
    })
    .where(eq(devices.id, deviceId))
    .returning();
  return device;
}

/** Records that a device's firmware changed (its firmware history). */
export async function recordFirmwareChange(
  db: Db,
  deviceId: number,
  fromVersion: string | null,
  toVersion: string,
  at: Date,
): Promise<void> {
  await db.insert(deviceFirmwareHistory).values({ deviceId, fromVersion, toVersion, at });
}

/**
 * Sets whether a device is connected (and, when it is, seen `now`), only if that changes it;
 * the changed row, or undefined when nothing changed.
 */
export async function setDeviceConnected(
  db: Db,
  serial: string,
  connected: boolean,
  now: Date,
): Promise<DeviceRow | undefined> {
  const [device] = await db
    .update(devices)
    .set(connected ? { connected, lastSeenAt: now } : { connected })
    .where(and(eq(devices.serial, serial), eq(devices.connected, !connected)))
    .returning();
  return device;
}

/** Stores a telemetry reading: the device's latest of its category (seen `now`) and its history. */
export async function storeReading(
  db: Db,
  deviceId: number,
  category: string,
  reading: { at: string; data: unknown },
  now: Date,
): Promise<void> {
  await db
    .update(devices)
    .set({
      state: sql`jsonb_set(${devices.state}, ${`{${category}}`}::text[], ${JSON.stringify(reading)}::jsonb)`,
      lastSeenAt: now,
    })
    .where(eq(devices.id, deviceId));
  await db
    .insert(deviceTelemetry)
    .values({ deviceId, category, at: new Date(reading.at), data: reading.data });
}

/** Deletes the telemetry readings taken before `before`; how many went. */
export async function deleteTelemetryBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(deviceTelemetry)
    .where(lt(deviceTelemetry.at, before))
    .returning({ id: deviceTelemetry.id });
  return deleted.length;
}

/**
 * Spends one credit of the company's pool on a device, in one transaction: of the first of
 * `creditTypes` with a balance left, the device then covered `until`. Answers `until`, or
 * undefined when the pool has none; throws when another spender took the last one first.
 */
export async function renewDeviceCredit(
  db: Db,
  device: { id: number; companyId: number },
  creditTypes: readonly number[],
  until: Date,
): Promise<Date | undefined> {
  return db.transaction(async (tx) => {
    const balances = await tx
      .select()
      .from(creditBalances)
      .where(
        and(
          eq(creditBalances.companyId, device.companyId),
          inArray(creditBalances.creditTypeId, [...creditTypes]),
        ),
      );
    const type = creditTypes.find((id) => (balances.find((row) => row.creditTypeId === id)?.amount ?? 0) > 0);
    if (type === undefined) return undefined;
    await changeBalance(tx as unknown as Db, {
      companyId: device.companyId,
      creditTypeId: type,
      delta: -1,
      reason: 'device_monitoring',
      actorUserId: null,
    });
    await tx.update(devices).set({ creditUntil: until }).where(eq(devices.id, device.id));
    return until;
  });
}

/**
 * Keeps a device's configuration as it reported it: the whole tree, its revision and who changed
 * it. A report at each hello repeats what is known: the row is written only when it differs.
 */
export async function storeConfigReport(
  db: Db,
  deviceId: number,
  report: ConfigReport,
  now: Date,
): Promise<void> {
  await db
    .insert(deviceConfigs)
    .values({
      deviceId,
      revision: report.revision,
      changedBy: report.by,
      config: report.config,
      reportedAt: now,
    })
    .onConflictDoUpdate({
      target: deviceConfigs.deviceId,
      set: {
        revision: sql`excluded.revision`,
        changedBy: sql`excluded.changed_by`,
        config: sql`excluded.config`,
        reportedAt: sql`excluded.reported_at`,
      },
      setWhere: sql`${deviceConfigs.revision} IS DISTINCT FROM excluded.revision OR ${deviceConfigs.config} IS DISTINCT FROM excluded.config`,
    });
}

/** A device's configuration as it last reported it; undefined before its first report. */
export async function configOf(db: Db, deviceId: number) {
  const [row] = await db.select().from(deviceConfigs).where(eq(deviceConfigs.deviceId, deviceId));
  return row;
}
