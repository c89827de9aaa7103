import {
  type NewTaskList,
  type TaskList,
  type TaskListStep,
  taskListStepSchema,
} from '@fleetport/contracts/tasks';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, files, taskLists, users } from '../../db/schema.ts';
import { conflict, fieldError, notFound } from '../../http/errors.ts';
import { contains } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { assertNameFreeIn } from '../companies/named-in-company.ts';
import { canSeeCompany, sharedWith } from '../companies/scope.ts';
import { visibleFile } from '../files/queries.ts';

/**
 * Saved task lists (Execute task list; migrations/0020_task_lists.sql). A list belongs to a
 * company: the users who see that company change it, and the users of the companies below it
 * may run it too (a reseller's standard procedure serves its customers).
 */

export type TaskListRow = typeof taskLists.$inferSelect;

/** The lists a caller may run: of the companies it sees, and of those above its own. */
const runnable = sharedWith;

const selectLists = (db: Db, where: SQL | undefined) =>
  db
    .select({ list: taskLists, companyName: companies.name, companyPath: companies.path, email: users.email })
    .from(taskLists)
    .innerJoin(companies, eq(companies.id, taskLists.companyId))
    .leftJoin(users, eq(users.id, taskLists.createdBy))
    .where(where)
    .$dynamic();
type ListRow = Awaited<ReturnType<typeof selectLists>>[number];

/** Lists as the API answers them: a firmware step names its image (null when it has been deleted). */
async function toLists(db: Db, auth: AuthContext, rows: readonly ListRow[]): Promise<TaskList[]> {
  const stepsOf = (row: ListRow) => taskListStepSchema.array().parse(row.list.steps);
  const fileIds = rows.flatMap((row) =>
    stepsOf(row).flatMap((step) => (step.action === 'firmware.update' ? [step.file_id] : [])),
  );
  const images = new Map<number, { name: string; version: string | null }>();
  if (fileIds.length > 0) {
    const found = await db
      .select({ id: files.id, name: files.name, version: files.version })
      .from(files)
      .where(inArray(files.id, [...new Set(fileIds)]));
    for (const file of found) images.set(file.id, file);
  }
  return rows.map((row) => ({
    id: row.list.id,
    name: row.list.name,
    company_id: row.list.companyId,
    company_name: row.companyName,
    steps: stepsOf(row).map((step) =>
      step.action === 'firmware.update'
        ? {
            ...step,
            file_name: images.get(step.file_id)?.name ?? null,
            version: images.get(step.file_id)?.version ?? null,
          }
        : step,
    ),
    created_by_email: row.email,
    updated_at: row.list.updatedAt.toISOString(),
    editable: canSeeCompany(auth, { id: row.list.companyId, path: row.companyPath }),
  }));
}

/** The lists the caller may run, by name; `q` finds a name or a company's name. */
export async function listTaskLists(
  db: Db,
  auth: AuthContext,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TaskList[]; total: number }> {
  const conditions: SQL[] = [runnable(auth)];
  if (query.q) {
    conditions.push(
      sql`(${ilike(taskLists.name, contains(query.q))} OR ${ilike(companies.name, contains(query.q))})`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectLists(db, where)
      .orderBy(asc(sql`lower(${taskLists.name})`), asc(taskLists.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(taskLists)
      .innerJoin(companies, eq(companies.id, taskLists.companyId))
      .where(where),
  ]);
  return { rows: await toLists(db, auth, rows), total: total?.value ?? 0 };
}

/** A list the caller may run; 404 alike for another tenant's and a missing one. */
export async function taskListFor(db: Db, auth: AuthContext, id: number): Promise<TaskList> {
  const [row] = await selectLists(db, and(eq(taskLists.id, id), runnable(auth)));
  if (!row) {
    throw notFound(
      'This task list was not found among yours: it does not exist, or it belongs to a company you cannot see.',
    );
  }
  const [list] = await toLists(db, auth, [row]);
  return list as TaskList;
}

/** A list the caller may change: one of a company it sees (a list from above is run, not changed). */
export async function editableTaskList(db: Db, auth: AuthContext, id: number): Promise<TaskList> {
  const list = await taskListFor(db, auth, id);
  if (!list.editable) {
    throw conflict(
      `This task list belongs to ${list.company_name}, a company above yours: you may run it, not change it.`,
    );
  }
  return list;
}

/** Every firmware step names an image the caller sees; refused in words naming the step otherwise. */
export async function checkSteps(db: Db, auth: AuthContext, steps: readonly TaskListStep[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (step.action !== 'firmware.update') continue;
    const file = await visibleFile(db, auth, step.file_id).catch(() => undefined);
    if (!file) throw fieldError(`steps.${index}.file_id`, 'Choose a firmware file you can see.');
    if (file.kind !== 'firmware')
      throw fieldError(`steps.${index}.file_id`, 'This file is not a firmware image.');
  }
}

/** Names are unique within a company, case aside. */
export const assertListNameFree = (
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<void> =>
  assertNameFreeIn(
    db,
    { table: taskLists, id: taskLists.id, companyId: taskLists.companyId, name: taskLists.name },
    { companyId, name, exceptId },
    'This company already has a task list with this name.',
  );

export async function insertTaskList(
  db: Db,
  values: { companyId: number; createdBy: number; list: NewTaskList },
): Promise<number> {
  const [row] = await db
    .insert(taskLists)
    .values({
      companyId: values.companyId,
      name: values.list.name,
      steps: values.list.steps,
      createdBy: values.createdBy,
    })
    .returning({ id: taskLists.id });
  if (!row) throw new Error('task list not stored');
  return row.id;
}

export async function updateTaskList(db: Db, id: number, list: NewTaskList, now: Date): Promise<void> {
  await db
    .update(taskLists)
    .set({ name: list.name, steps: list.steps, updatedAt: now })
    .where(eq(taskLists.id, id));
}

export async function deleteTaskList(db: Db, id: number): Promise<void> {
  await db.delete(taskLists).where(eq(taskLists.id, id));
}
