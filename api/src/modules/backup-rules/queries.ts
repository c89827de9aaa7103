import {
  type BackupRule,
  type BackupRuleTarget,
  cronOf,
  type NewBackupRule,
  targetOf,
} from '@fleetport/contracts/backup-rules';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { backupRules, companies, devices, tags, users } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { contains } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { assertNameFreeIn } from '../companies/named-in-company.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { nextRunOf } from './next-run.ts';

/**
 * Periodic backup rules (migrations/0025_backup_rules.sql). A rule belongs to a company; the users
 * who see that company read it (view_devices) and change it (manage_devices). Its target is a
 * device, a tag or a company of the rule's company or below it.
 */

export type BackupRuleRow = typeof backupRules.$inferSelect;

/** The name of what a rule targets, whatever its kind; null once it has been deleted. */
const targetName = sql<string | null>`case ${backupRules.targetKind}
  when 'device' then (select d.name from ${devices} d where d.id = ${backupRules.targetId})
  when 'tag' then (select t.name from ${tags} t where t.id = ${backupRules.targetId})
  else (select c.name from ${companies} c where c.id = ${backupRules.targetId}) end`;

const selectRules = (db: Db, where: SQL | undefined) =>
  db
    .select({
      rule: backupRules,
      companyName: companies.name,
      timeZone: companies.timeZone,
      email: users.email,
      targetName,
    })
    .from(backupRules)
    .innerJoin(companies, eq(companies.id, backupRules.companyId))
    .leftJoin(users, eq(users.id, backupRules.createdBy))
    .where(where)
    .$dynamic();
type SelectedRule = Awaited<ReturnType<typeof selectRules>>[number];

const targetAnswer = (row: BackupRuleRow): BackupRuleTarget =>
  row.targetKind === 'device'
    ? { device_id: row.targetId }
    : row.targetKind === 'tag'
      ? { tag_id: row.targetId }
      : { company_id: row.targetId };

/** A rule as the API answers it, with its next run in its company's time zone (null while disabled). */
export function toRule(row: SelectedRule, now: Date): BackupRule {
  const { rule } = row;
  const fields = {
    frequency: rule.frequency,
    weekday: rule.weekday,
    day_of_month: rule.dayOfMonth,
    time: rule.timeOfDay,
  };
  return {
    id: rule.id,
    name: rule.name,
    company_id: rule.companyId,
    company_name: row.companyName,
    time_zone: row.timeZone,
    target: targetAnswer(rule),
    target_name: row.targetName,
    ...fields,
    keep: rule.keep,
    enabled: rule.enabled,
    next_run_at: rule.enabled ? nextRunOf(cronOf(fields), row.timeZone, now).toISOString() : null,
    last_run_at: rule.lastRunAt?.toISOString() ?? null,
    last_group_id: rule.lastGroupId,
    last_run_devices: rule.lastRunDevices,
    created_by_email: row.email,
    updated_at: rule.updatedAt.toISOString(),
  };
}

/** The rules of the companies the caller sees, by name; `q` finds a rule's or a company's name. */
export async function listBackupRules(
  db: Db,
  auth: AuthContext,
  query: { q?: string | undefined; limit: number; offset: number; company_id?: number | undefined },
  now: Date,
): Promise<{ rows: BackupRule[]; total: number }> {
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.q) {
    conditions.push(
      sql`(${ilike(backupRules.name, contains(query.q))} OR ${ilike(companies.name, contains(query.q))})`,
    );
  }
  if (query.company_id !== undefined) conditions.push(eq(backupRules.companyId, query.company_id));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectRules(db, where)
      .orderBy(asc(sql`lower(${backupRules.name})`), asc(backupRules.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(backupRules)
      .innerJoin(companies, eq(companies.id, backupRules.companyId))
      .where(where),
  ]);
  return { rows: rows.map((row) => toRule(row, now)), total: total?.value ?? 0 };
}

/** A rule of a company the caller sees; 404 alike for another tenant's and a missing one. */
export async function backupRuleFor(db: Db, auth: AuthContext, id: number, now: Date): Promise<BackupRule> {
  const [row] = await selectRules(db, and(eq(backupRules.id, id), visibleCompanies(auth)));
  if (!row) {
    throw notFound(
      'This backup rule was not found among yours: it does not exist, or it belongs to a company you cannot see.',
    );
  }
  return toRule(row, now);
}

/**
 * The target names a device, a tag or a company of the rule's company (path) or below it, which
 * the caller sees; refused on its field otherwise (another tenant's alike a missing one).
 */
export async function checkTarget(
  db: Db,
  auth: AuthContext,
  company: { path: string },
  target: NewBackupRule['target'],
): Promise<void> {
  const { kind, id } = targetOf(target);
  const inRuleTree = (found: { id: number; path: string } | undefined): boolean =>
    Boolean(found?.path.startsWith(company.path) && canSeeCompany(auth, found));
  if (kind === 'device') {
    const [found] = await db
      .select({ id: devices.companyId, path: devices.companyPath })
      .from(devices)
      .where(eq(devices.id, id));
    if (!inRuleTree(found)) {
      throw fieldError('target.device_id', 'Choose a device of this company or of a company below it.');
    }
  } else if (kind === 'tag') {
    const [found] = await db
      .select({ id: companies.id, path: companies.path })
      .from(tags)
      .innerJoin(companies, eq(companies.id, tags.companyId))
      .where(eq(tags.id, id));
    if (!inRuleTree(found)) {
      throw fieldError('target.tag_id', 'Choose a tag of this company or of a company below it.');
    }
  } else {
    const [found] = await db
      .select({ id: companies.id, path: companies.path })
      .from(companies)
      .where(eq(companies.id, id));
    if (!inRuleTree(found)) {
      throw fieldError('target.company_id', 'Choose this company or a company below it.');
    }
  }
}

/** Names are unique within a company, case aside. */
export const assertRuleNameFree = (
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<void> =>
  assertNameFreeIn(
    db,
    { table: backupRules, id: backupRules.id, companyId: backupRules.companyId, name: backupRules.name },
    { companyId, name, exceptId },
    'This company already has a backup rule with this name.',
  );

/** The columns a request sets (a daily rule keeps no weekday, a weekly one no day of the month). */
function columnsOf(rule: NewBackupRule) {
  const { kind, id } = targetOf(rule.target);
  return {
    name: rule.name,
    targetKind: kind,
    targetId: id,
    frequency: rule.frequency,
    weekday: rule.frequency === 'weekly' ? (rule.weekday ?? null) : null,
    dayOfMonth: rule.frequency === 'monthly' ? (rule.day_of_month ?? null) : null,
    timeOfDay: rule.time,
    keep: rule.keep,
    enabled: rule.enabled,
  };
}

export async function insertBackupRule(
  db: Db,
  values: { companyId: number; createdBy: number; rule: NewBackupRule },
): Promise<number> {
  const [row] = await db
    .insert(backupRules)
    .values({ companyId: values.companyId, createdBy: values.createdBy, ...columnsOf(values.rule) })
    .returning({ id: backupRules.id });
  if (!row) throw new Error('backup rule not stored');
  return row.id;
}

/** A rule whose creator has been deleted runs, from now on, in the name of whoever changes it. */
export async function updateBackupRule(
  db: Db,
  id: number,
  rule: NewBackupRule,
  editor: number,
  now: Date,
): Promise<void> {
  await db
    .update(backupRules)
    .set({
      ...columnsOf(rule),
      createdBy: sql`coalesce(${backupRules.createdBy}, ${editor})`,
      updatedAt: now,
    })
    .where(eq(backupRules.id, id));
}

export async function deleteBackupRule(db: Db, id: number): Promise<void> {
  await db.delete(backupRules).where(eq(backupRules.id, id));
}
