import { type ConfigChanges, mergeChanges } from '@fleetport/contracts/device-config';
import { modelFamily } from '@fleetport/contracts/device-protocol';
import {
  CONFIG_FITS_NONE,
  FIRMWARE_FITS_NONE,
  type FirmwareSkipCode,
  type NewTaskGroup,
  PREVIEW_COMPANIES_MAX,
  TASK_GROUP_MAX_DEVICES,
  type TaskGroupPreview,
  type TaskListStep,
} from '@fleetport/contracts/tasks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, devices } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import { checkFamily, templateFor } from '../config-templates/queries.ts';
import { DEVICE_NOT_YOURS } from '../devices/device-queries.ts';
import { deviceConditions } from '../devices/list-queries.ts';
import type { FileRow } from '../files/queries.ts';
import { visibleFile } from '../files/queries.ts';
import { planConfig } from './config-plan.ts';
import { taskListFor } from './list-queries.ts';

/** The most skipped devices a preview names one by one (the rest are counted). */
export const PREVIEW_SKIPPED_MAX = 100;

export interface PlannedDevice {
  id: number;
  companyId: number;
  connected: boolean;
  wave: number;
  /** Set unique: the device's own values in a configuration change. */
  own?: ConfigChanges | undefined;
}

/** A task list's step as a run takes it. */
export type PlannedStep = TaskListStep;

export interface GroupPlan {
  devices: PlannedDevice[];
  /** Execute task list: the list's name and steps as they are when it runs. */
  list?: { id: number; name: string; steps: PlannedStep[] } | undefined;
  skipped: TaskGroupPreview['skipped'];
  skippedTotal: number;
  file: FileRow | undefined;
  /**
   * A configuration change: the distinct settings it changes, the first devices' diffs, what
   * every device gets (a template's settings under the change asked for) and the template's name.
   */
  config?:
    | {
        settings: number;
        diffs: NonNullable<TaskGroupPreview['diffs']>;
        changes: ConfigChanges;
        template?: { id: number; name: string } | undefined;
      }
    | undefined;
  /** Skipped devices counted by reason. */
  skippedByCode?: Record<string, number> | undefined;
  /** The time zone of the maintenance window: asked for, or the company's. */
  timeZone: string | undefined;
}

type Candidate = {
  id: number;
  name: string;
  serial: string;
  companyId: number;
  model: string | null;
  firmware: string | null;
  connected: boolean;
};

/**
 * What a new group would do, before it is made (the dry run) and when it is made: the devices
 * the caller named (or every match of the filter), less those the action cannot serve, each
 * with its reason, and the wave each remaining device goes in.
 */
export async function planGroup(
  db: Db,
  auth: AuthContext,
  request: NewTaskGroup,
  random: () => number = Math.random,
  /** One device's own change (its Configuration tab): sent as asked, the device alone tells. */
  options: { asIs?: boolean } = {},
): Promise<GroupPlan> {
  // A company the caller cannot see is refused as one that does not exist (403 alike).
  if (request.filter?.company_id !== undefined) await visibleCompanyById(db, auth, request.filter.company_id);
  const candidates = await targetsOf(db, auth, request);
  if (candidates.length === 0)
    throw fieldError('device_ids', 'No device matches: choose at least one device.');
  let file: FileRow | undefined;
  const fit: (Candidate & { own?: ConfigChanges | undefined })[] = [];
  const skipped: GroupPlan['skipped'] = [];
  let config: GroupPlan['config'];
  let list: GroupPlan['list'];
  let fileId = request.action === 'firmware.update' ? request.file_id : undefined;
  let fileField = 'file_id';
  if (request.action === 'task_list') {
    const found = await taskListFor(db, auth, request.task_list_id).catch(() => {
      throw fieldError('task_list_id', 'Choose a task list you can see.');
    });
    const steps = found.steps.map((step): PlannedStep => {
      if (step.action === 'firmware.update') {
        if (step.file_name === null) {
          throw fieldError(
            'task_list_id',
            `The firmware image of step ${found.steps.indexOf(step) + 1} has been deleted: choose another one in the list.`,
          );
        }
        fileId = step.file_id;
        fileField = 'task_list_id';
        return { action: step.action, file_id: step.file_id };
      }
      return step.action === 'cli' ? { action: step.action, command: step.command } : { action: step.action };
    });
    list = { id: found.id, name: found.name, steps };
  }
  if (fileId !== undefined) {
    file = await visibleFile(db, auth, fileId).catch(() => {
      throw fieldError(fileField, 'Choose a firmware file you can see.');
    });
    if (file.kind !== 'firmware') throw fieldError(fileField, 'This file is not a firmware image.');
    for (const device of candidates) {
      const misfit = firmwareMisfit(device, file);
      if (misfit) {
        skipped.push({
          device_id: device.id,
          device_name: device.name,
          model: device.model,
          firmware: device.firmware,
          ...misfit,
        });
      } else fit.push(device);
    }
    if (fit.length === 0) {
      throw fieldError(
        fileField,
        `This firmware fits none of the ${candidates.length} chosen devices: ${skipped[0]?.reason ?? ''}`.trim(),
        FIRMWARE_FITS_NONE,
      );
    }
  } else if (request.action === 'config.write' && !options.asIs) {
    let changes: ConfigChanges = request.changes;
    let template: { id: number; name: string } | undefined;
    if (request.template_id !== undefined) {
      const found = await templateFor(db, auth, request.template_id).catch(() => {
        throw fieldError('template_id', 'Choose a template you can see.');
      });
      await checkFamily(
        db,
        auth,
        found,
        candidates.map((device) => device.id),
        'template_id',
      );
      changes = mergeChanges(found.sections, request.changes);
      template = { id: found.id, name: found.name };
    }
    const planned = await planConfig(db, candidates, { ...request, changes });
    fit.push(...planned.fit);
    skipped.push(...planned.skipped);
    config = { settings: planned.settings, diffs: planned.diffs, changes, template };
    if (fit.length === 0) {
      throw fieldError(
        'changes',
        `This change fits none of the ${candidates.length} chosen devices: ${skipped[0]?.reason ?? ''}`.trim(),
        CONFIG_FITS_NONE,
      );
    }
  } else {
    fit.push(...candidates);
  }
  const waves = waveSizes(fit.length, request);
  // The canary is a random share, not the first devices by id (which are often one site's).
  const order = shuffle(fit, random);
  const planned: PlannedDevice[] = [];
  let wave = 0;
  let left = waves[0] ?? 0;
  for (const device of order) {
    while (left === 0 && wave < waves.length - 1) left = waves[++wave] ?? 0;
    planned.push({
      id: device.id,
      companyId: device.companyId,
      connected: device.connected,
      wave,
      ...(device.own ? { own: device.own } : {}),
    });
    left -= 1;
  }
  let timeZone: string | undefined;
  if (request.action === 'firmware.update' && request.window) {
    timeZone =
      request.window.time_zone ?? (await companyTimeZone(db, planned[0]?.companyId ?? auth.companyId));
  }
  return {
    devices: planned,
    list,
    skipped: skipped.slice(0, PREVIEW_SKIPPED_MAX),
    skippedTotal: skipped.length,
    skippedByCode: countBy(skipped, (device) => device.code),
    file,
    config,
    timeZone,
  };
}

const countBy = <T>(items: readonly T[], key: (item: T) => string): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/** The dry run's answer, with the companies reached by name. */
export async function previewOf(db: Db, plan: GroupPlan, request: NewTaskGroup): Promise<TaskGroupPreview> {
  const perCompany = countBy(plan.devices, (device) => String(device.companyId));
  const top = Object.entries(perCompany)
    .map(([id, count]) => ({ id: Number(id), count }))
    .sort((a, b) => b.count - a.count || a.id - b.id)
    .slice(0, PREVIEW_COMPANIES_MAX);
  const names = new Map(
    top.length === 0
      ? []
      : (
          await db
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(
              inArray(
                companies.id,
                top.map((company) => company.id),
              ),
            )
        ).map((row) => [row.id, row.name]),
  );
  return {
    devices: plan.devices.length,
    companies: Object.keys(perCompany).length,
    offline: plan.devices.filter((device) => !device.connected).length,
    skipped: plan.skipped,
    skipped_total: plan.skippedTotal,
    skipped_by_code: plan.skippedByCode ?? {},
    waves: waveSizes(plan.devices.length, request),
    by_company: top.map((company) => ({
      company_id: company.id,
      company_name: names.get(company.id) ?? '',
      devices: company.count,
    })),
    ...(plan.config ? { settings: plan.config.settings, diffs: plan.config.diffs } : {}),
  };
}

/**
 * How many devices each wave takes: the canary's share (at least one device), then the rest in
 * `wave_count` waves as even as they can be; without a canary, `wave_count` waves. Empty waves
 * are left out (three devices in five waves are three waves).
 */
export function waveSizes(total: number, request: NewTaskGroup): number[] {
  if (request.action !== 'firmware.update') return [total];
  const sizes: number[] = [];
  let rest = total;
  if (request.canary_percent !== undefined && total > 1) {
    const canary = Math.min(total - 1, Math.max(1, Math.ceil((total * request.canary_percent) / 100)));
    sizes.push(canary);
    rest -= canary;
  }
  const count = Math.min(request.wave_count, rest);
  for (let wave = 0; wave < count; wave += 1) {
    sizes.push(Math.floor(rest / count) + (wave < rest % count ? 1 : 0));
  }
  return sizes.filter((size) => size > 0);
}

/** Why an image cannot go to a device (a code, and in English words); undefined when it can. */
export function firmwareMisfit(
  device: { model: string | null; firmware: string | null },
  file: { families: string[]; version: string | null },
): { code: FirmwareSkipCode; reason: string } | undefined {
  if (!device.model)
    return { code: 'model_unknown', reason: 'Its model is not known yet: it has never connected.' };
  const family = modelFamily(device.model);
  if (!family || !file.families.includes(family)) {
    return {
      code: 'model_unfit',
      reason: `Its model ${device.model} is not one this firmware fits (${file.families.join(', ') || 'none'}).`,
    };
  }
  if (file.version && device.firmware?.endsWith(file.version)) {
    return { code: 'same_version', reason: `It already runs ${device.firmware}.` };
  }
  return undefined;
}

async function targetsOf(db: Db, auth: AuthContext, request: NewTaskGroup): Promise<Candidate[]> {
  const columns = {
    id: devices.id,
    name: devices.name,
    serial: devices.serial,
    companyId: devices.companyId,
    model: devices.model,
    firmware: devices.firmware,
    connected: devices.connected,
  };
  if (request.filter) {
    return db
      .select(columns)
      .from(devices)
      .where(deviceConditions(auth, request.filter))
      .orderBy(devices.id)
      .limit(TASK_GROUP_MAX_DEVICES + 1)
      .then((rows) => {
        if (rows.length > TASK_GROUP_MAX_DEVICES) {
          throw fieldError(
            'device_ids',
            'More than 10,000 devices match: narrow the filter, or run the update in parts.',
          );
        }
        return rows;
      });
  }
  const ids = request.device_ids ?? [];
  const found: Candidate[] = [];
  for (let at = 0; at < ids.length; at += 5000) {
    found.push(
      ...(await db
        .select(columns)
        .from(devices)
        .where(and(deviceConditions(auth, {}), inArray(devices.id, ids.slice(at, at + 5000))))),
    );
  }
  if (found.length !== ids.length) throw forbidden(DEVICE_NOT_YOURS);
  return found;
}

async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.timeZone ?? 'UTC';
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}

/** A plan of chosen devices in one wave, as tests and benchmarks make groups without a caller. */
export function planOf(chosen: readonly { id: number; companyId: number }[]): GroupPlan {
  return {
    devices: chosen.map((device) => ({ ...device, connected: false, wave: 0 })),
    skipped: [],
    skippedTotal: 0,
    file: undefined,
    timeZone: undefined,
  };
}
