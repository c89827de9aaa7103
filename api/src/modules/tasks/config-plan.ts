import {
  type ConfigChanges,
  type ConfigSection,
  type ConfigTree,
  configDiff,
  mergeChanges,
} from '@fleetport/contracts/device-config';
import {
  type ConfigSkipCode,
  type NewTaskGroup,
  PREVIEW_DIFFS_MAX,
  type TaskGroupPreview,
} from '@fleetport/contracts/tasks';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceConfigs } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';

type ConfigRequest = Extract<NewTaskGroup, { action: 'config.write' }>;

export interface ConfigCandidate {
  id: number;
  name: string;
  serial: string;
  companyId: number;
  model: string | null;
  firmware: string | null;
  connected: boolean;
}

export interface ConfigPlan<T extends ConfigCandidate> {
  /** The devices the change reaches, each with its own values (Set unique). */
  fit: (T & { own?: ConfigChanges | undefined })[];
  skipped: (TaskGroupPreview['skipped'][number] & { code: ConfigSkipCode })[];
  /** The distinct settings changed over all devices. */
  settings: number;
  /** What changes on the first devices, one by one. */
  diffs: NonNullable<TaskGroupPreview['diffs']>;
}

/** Reported configurations read at once: a page of devices at a time keeps memory flat at 10,000. */
const CONFIG_BATCH = 1000;

/**
 * A configuration change over many devices (spec §2 Multi-config, Confirm config): each device's
 * own values matched by serial (every chosen device needs its row; a row for a device not chosen
 * is refused at `unique.<n>.serial`), and the change held against the tree each device last
 * reported: skipped when that is not known yet, when the device lacks a section the change needs
 * (a model without Wi-Fi: it would refuse the whole change), or when it already has every value.
 */
export async function planConfig<T extends ConfigCandidate>(
  db: Db,
  candidates: readonly T[],
  request: ConfigRequest,
): Promise<ConfigPlan<T>> {
  const own = ownValues(candidates, request);
  const plan: ConfigPlan<T> = { fit: [], skipped: [], settings: 0, diffs: [] };
  const settings = new Set<string>();
  for (let at = 0; at < candidates.length; at += CONFIG_BATCH) {
    const batch = candidates.slice(at, at + CONFIG_BATCH);
    const rows = await db
      .select({ deviceId: deviceConfigs.deviceId, config: deviceConfigs.config })
      .from(deviceConfigs)
      .where(
        inArray(
          deviceConfigs.deviceId,
          batch.map((device) => device.id),
        ),
      );
    const trees = new Map<number, ConfigTree>(rows.map((row) => [row.deviceId, row.config]));
    for (const device of batch) {
      const reported = trees.get(device.id);
      const mine = own.get(device.id);
      const skip = (code: ConfigSkipCode, reason: string, section?: string) =>
        plan.skipped.push({
          device_id: device.id,
          device_name: device.name,
          model: device.model,
          firmware: device.firmware,
          code,
          reason,
          ...(section ? { section } : {}),
        });
      if (!reported) {
        skip('config_unknown', 'Its configuration is not known yet: it has not reported one.');
        continue;
      }
      const { lines, missing } = configDiff(reported, mergeChanges(request.changes, mine));
      if (missing) {
        skip(
          'config_no_section',
          `It has no "${missing}" (its model ${device.model ?? ''} lacks it).`,
          missing,
        );
        continue;
      }
      if (lines.length === 0) {
        skip('config_same', 'It already has these values.');
        continue;
      }
      for (const line of lines) settings.add(`${line.section}.${line.option}`);
      plan.fit.push(mine ? { ...device, own: mine } : device);
      if (plan.diffs.length < PREVIEW_DIFFS_MAX) {
        plan.diffs.push({
          device_id: device.id,
          device_name: device.name,
          serial: device.serial,
          connected: device.connected,
          changes: lines,
        });
      }
    }
  }
  plan.settings = settings.size;
  return plan;
}

/** Set unique's rows by device: every chosen device has one, and every row is a chosen device. */
function ownValues(
  candidates: readonly ConfigCandidate[],
  request: ConfigRequest,
): Map<number, Record<string, ConfigSection | null>> {
  const own = new Map<number, Record<string, ConfigSection | null>>();
  if (!request.unique || request.unique.length === 0) return own;
  const bySerial = new Map(candidates.map((device) => [device.serial.toLowerCase(), device]));
  request.unique.forEach((row, index) => {
    const device = bySerial.get(row.serial.toLowerCase());
    if (!device)
      throw fieldError(`unique.${index}.serial`, `Device ${row.serial} is not among the chosen devices.`);
    own.set(device.id, row.changes);
  });
  const without = candidates.filter((device) => !own.has(device.id));
  if (without.length > 0) {
    const named = without
      .slice(0, 5)
      .map((device) => device.serial)
      .join(', ');
    throw fieldError(
      'unique',
      `${without.length} of the chosen devices ${without.length === 1 ? 'has' : 'have'} no unique values: ${named}${without.length > 5 ? ', …' : ''}.`,
    );
  }
  return own;
}
