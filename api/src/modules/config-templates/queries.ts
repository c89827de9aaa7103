import {
  type ConfigTemplate,
  type NewConfigTemplate,
  PER_DEVICE_OPTIONS,
} from '@fleetport/contracts/config-templates';
import {
  type ConfigTree,
  configDiff,
  type DeviceTemplate,
  SECRET_OPTIONS,
} from '@fleetport/contracts/device-config';
import { type ModelFamily, modelFamily } from '@fleetport/contracts/device-protocol';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  configTemplates,
  deviceConfigs,
  devices,
  deviceTemplates,
  users,
} from '../../db/schema.ts';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors.ts';
import { contains } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { assertNameFreeIn } from '../companies/named-in-company.ts';
import { canSeeCompany, sharedWith, visibleDevices } from '../companies/scope.ts';
import { DEVICE_NOT_YOURS } from '../devices/device-queries.ts';

/**
 * Saved configurations and templates (migrations/0024_config_templates.sql). A template belongs
 * to a company: the users who see that company change it, and those of the companies below may
 * use it too (apply it, assign it to their devices), like files.
 */

export type TemplateRow = typeof configTemplates.$inferSelect;

/** A device drifted from its template: what it reported does not hold every setting of it. */
export const driftedSql = sql`not (${deviceConfigs.config} @> ${configTemplates.sections})`;

const selectTemplates = (db: Db, where: SQL | undefined) =>
  db
    .select({
      template: configTemplates,
      companyName: companies.name,
      companyPath: companies.path,
      email: users.email,
    })
    .from(configTemplates)
    .innerJoin(companies, eq(companies.id, configTemplates.companyId))
    .leftJoin(users, eq(users.id, configTemplates.createdBy))
    .where(where)
    .$dynamic();
type Row = Awaited<ReturnType<typeof selectTemplates>>[number];

/** Templates as the API answers them, with their devices (those the caller sees) and how many drifted. */
async function toTemplates(db: Db, auth: AuthContext, rows: readonly Row[]): Promise<ConfigTemplate[]> {
  const ids = rows.map((row) => row.template.id);
  const counts = new Map<number, { devices: number; drifted: number }>();
  if (ids.length > 0) {
    const found = await db
      .select({
        id: deviceTemplates.templateId,
        devices: count(),
        drifted: sql<number>`count(*) filter (where ${driftedSql})`.mapWith(Number),
      })
      .from(deviceTemplates)
      .innerJoin(devices, eq(devices.id, deviceTemplates.deviceId))
      .innerJoin(configTemplates, eq(configTemplates.id, deviceTemplates.templateId))
      .leftJoin(deviceConfigs, eq(deviceConfigs.deviceId, deviceTemplates.deviceId))
      .where(and(inArray(deviceTemplates.templateId, ids), visibleDevices(auth)))
      .groupBy(deviceTemplates.templateId);
    for (const row of found) counts.set(row.id, { devices: row.devices, drifted: row.drifted });
  }
  return rows.map((row) => ({
    id: row.template.id,
    name: row.template.name,
    description: row.template.description,
    company_id: row.template.companyId,
    company_name: row.companyName,
    family: row.template.family as ModelFamily | null,
    sections: row.template.sections,
    devices: counts.get(row.template.id)?.devices ?? 0,
    drifted: counts.get(row.template.id)?.drifted ?? 0,
    created_by_email: row.email,
    updated_at: row.template.updatedAt.toISOString(),
    editable: canSeeCompany(auth, { id: row.template.companyId, path: row.companyPath }),
  }));
}

/** The templates the caller may use, by name; `q` finds a name or a company's name. */
export async function listTemplates(
  db: Db,
  auth: AuthContext,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ConfigTemplate[]; total: number }> {
  const conditions: SQL[] = [sharedWith(auth)];
  if (query.q) {
    conditions.push(
      sql`(${ilike(configTemplates.name, contains(query.q))} OR ${ilike(companies.name, contains(query.q))})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectTemplates(db, where)
      .orderBy(asc(sql`lower(${configTemplates.name})`), asc(configTemplates.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(configTemplates)
      .innerJoin(companies, eq(companies.id, configTemplates.companyId))
      .where(where),
  ]);
  return { rows: await toTemplates(db, auth, rows), total: total?.value ?? 0 };
}

/** A template the caller may use; 404 alike for another tenant's and a missing one. */
export async function templateFor(db: Db, auth: AuthContext, id: number): Promise<ConfigTemplate> {
  const [row] = await selectTemplates(db, and(eq(configTemplates.id, id), sharedWith(auth)));
  if (!row) {
    throw notFound(
      'This template was not found among yours: it does not exist, or it belongs to a company you cannot see.',
    );
  }
  const [template] = await toTemplates(db, auth, [row]);
  return template as ConfigTemplate;
}

/** A template the caller may change: one of a company it sees. */
export async function editableTemplate(db: Db, auth: AuthContext, id: number): Promise<ConfigTemplate> {
  const template = await templateFor(db, auth, id);
  if (!template.editable) {
    throw conflict(
      `This template belongs to ${template.company_name}, a company above yours: you may use it, not change it.`,
    );
  }
  return template;
}

/** Names are unique within a company, case aside. */
export const assertTemplateNameFree = (
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<void> =>
  assertNameFreeIn(
    db,
    {
      table: configTemplates,
      id: configTemplates.id,
      companyId: configTemplates.companyId,
      name: configTemplates.name,
    },
    { companyId, name, exceptId },
    'This company already has a template with this name.',
  );

export async function insertTemplate(
  db: Db,
  values: { companyId: number; createdBy: number; template: NewConfigTemplate },
): Promise<number> {
  const [row] = await db
    .insert(configTemplates)
    .values({
      companyId: values.companyId,
      name: values.template.name,
      description: values.template.description,
      family: values.template.family,
      sections: values.template.sections as ConfigTree,
      createdBy: values.createdBy,
    })
    .returning({ id: configTemplates.id });
  if (!row) throw new Error('template not stored');
  return row.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  template: NewConfigTemplate,
  now: Date,
): Promise<void> {
  await db
    .update(configTemplates)
    .set({
      name: template.name,
      description: template.description,
      family: template.family,
      sections: template.sections as ConfigTree,
      updatedAt: now,
    })
    .where(eq(configTemplates.id, id));
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.delete(configTemplates).where(eq(configTemplates.id, id));
}

/**
 * A device's reported settings as a template's: every section, without secrets and without the
 * options that are each device's own (its host name, its LAN address).
 */
export function settingsOf(tree: ConfigTree): ConfigTree {
  const sections: ConfigTree = {};
  for (const [section, values] of Object.entries(tree)) {
    const kept = Object.fromEntries(
      Object.entries(values).filter(
        ([option]) => !SECRET_OPTIONS.has(option) && !PER_DEVICE_OPTIONS.includes(`${section}.${option}`),
      ),
    );
    if (Object.keys(kept).length > 0) sections[section] = kept;
  }
  return sections;
}

/**
 * Devices a template may go to: the caller sees them, and (a template of a family) each is of
 * its family. Refused naming the first misfits, at `field`.
 */
export async function checkFamily(
  db: Db,
  auth: AuthContext,
  template: { name: string; family: string | null },
  deviceIds: readonly number[],
  field: string,
): Promise<void> {
  if (!template.family) return;
  const misfits: string[] = [];
  for (let at = 0; at < deviceIds.length && misfits.length < 3; at += 5000) {
    const rows = await db
      .select({ serial: devices.serial, model: devices.model })
      .from(devices)
      .where(and(visibleDevices(auth), inArray(devices.id, deviceIds.slice(at, at + 5000))));
    for (const row of rows) {
      if (!row.model || modelFamily(row.model) !== template.family)
        misfits.push(`${row.serial} (${row.model ?? 'model not known yet'})`);
    }
  }
  if (misfits.length > 0) {
    throw fieldError(
      field,
      `The template “${template.name}” is for ${template.family} devices: ${misfits.slice(0, 3).join(', ')} ${misfits.length === 1 ? 'is' : 'are'} not.`,
    );
  }
}

/** Every device named is one the caller sees: 403 alike for another tenant's and a missing one. */
export async function assertDevicesVisible(db: Db, auth: AuthContext, ids: readonly number[]): Promise<void> {
  for (let at = 0; at < ids.length; at += 5000) {
    const part = ids.slice(at, at + 5000);
    const [seen] = await db
      .select({ value: count() })
      .from(devices)
      .where(and(visibleDevices(auth), inArray(devices.id, part)));
    if ((seen?.value ?? 0) !== new Set(part).size) throw forbidden(DEVICE_NOT_YOURS);
  }
}

/** Assigns a template to devices (replacing the one each followed). */
export async function assignTemplate(
  db: Db,
  templateId: number,
  deviceIds: readonly number[],
  by: number,
  now: Date,
): Promise<void> {
  for (let at = 0; at < deviceIds.length; at += 2000) {
    await db
      .insert(deviceTemplates)
      .values(
        deviceIds
          .slice(at, at + 2000)
          .map((deviceId) => ({ deviceId, templateId, assignedBy: by, assignedAt: now })),
      )
      .onConflictDoUpdate({
        target: deviceTemplates.deviceId,
        set: { templateId, assignedBy: by, assignedAt: now },
      });
  }
}

export async function unassignTemplates(db: Db, deviceIds: readonly number[]): Promise<number> {
  let removed = 0;
  for (let at = 0; at < deviceIds.length; at += 5000) {
    const rows = await db
      .delete(deviceTemplates)
      .where(inArray(deviceTemplates.deviceId, deviceIds.slice(at, at + 5000)))
      .returning({ id: deviceTemplates.deviceId });
    removed += rows.length;
  }
  return removed;
}

/** The template a device follows, with what differs from what it reported; null when it follows none. */
export async function templateOfDevice(
  db: Db,
  deviceId: number,
  reported: ConfigTree | null,
): Promise<DeviceTemplate | null> {
  const [row] = await db
    .select({ id: configTemplates.id, name: configTemplates.name, sections: configTemplates.sections })
    .from(deviceTemplates)
    .innerJoin(configTemplates, eq(configTemplates.id, deviceTemplates.templateId))
    .where(eq(deviceTemplates.deviceId, deviceId));
  if (!row) return null;
  return { id: row.id, name: row.name, drift: reported ? configDiff(reported, row.sections).lines : [] };
}
