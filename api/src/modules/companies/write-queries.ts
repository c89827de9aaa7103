import { MAX_COMPANY_LEVEL } from '@fleetport/contracts/companies';
import { and, count, eq, isNull, like, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, creditBalances, devices, files, users } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, levelOf } from './scope.ts';
import { insertCompany, type TreeNode } from './tree.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** The advisory lock key that serialises moves in the company tree. */
const COMPANY_TREE_LOCK = 0x66706374; // 'fpct'

/**
 * Whether the caller may change this company (manage_companies is checked by the route):
 * platform staff any company; others a company below their own, or their own for `own: true`
 * (rename it, create under it). Nobody deletes or moves the company they belong to.
 */
export function canManage(auth: AuthContext, company: CompanyRow, own: boolean): boolean {
  if (auth.scope === 'all') return true;
  if (!canSeeCompany(auth, company)) return false;
  return own || company.id !== auth.companyId;
}

/** A company by id, whoever may see it (the caller's rights are checked with canManage). */
export async function companyById(db: Db, id: number): Promise<CompanyRow | undefined> {
  return (await db.select().from(companies).where(eq(companies.id, id)))[0];
}

/** The deepest level in the subtree rooted at `company` (the company's own when it has none). */
export async function deepestLevel(db: Db, company: CompanyRow): Promise<number> {
  const [row] = await db
    .select({ depth: max(companies.depth) })
    .from(companies)
    .where(like(companies.path, `${company.path}%`));
  return levelOf(row?.depth ?? company.depth);
}

/** Spec §5: sibling companies have different names (case aside). */
export async function assertNameFree(
  db: Db,
  name: string,
  parentId: number | null,
  except?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.name}) = lower(${name})`,
        parentId === null ? isNull(companies.parentId) : eq(companies.parentId, parentId),
        except === undefined ? undefined : sql`${companies.id} <> ${except}`,
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', 'A company with this name already exists under the same parent.');
}

/** A new company under `parent` (or a root), in one transaction with its path; the company. */
export async function createCompany(db: Db, name: string, parent: TreeNode | undefined): Promise<CompanyRow> {
  const node = await db.transaction((tx) => insertCompany(tx, { name, parent }));
  const created = await companyById(db, node.id);
  if (!created) throw new Error('created company not found');
  return created;
}

/** Sets a company's name and show_payment; the company after, or undefined when it is gone. */
export async function updateCompany(
  db: Db,
  id: number,
  changes: Partial<Pick<CompanyRow, 'name' | 'showPayment'>>,
): Promise<CompanyRow | undefined> {
  const [updated] = await db.update(companies).set(changes).where(eq(companies.id, id)).returning();
  return updated;
}

/**
 * Moves company `sourceId` (with its subtree) under `targetId`, in one transaction that holds the
 * tree's advisory lock (concurrent moves could otherwise build a cycle between them): checks the
 * caller's rights, the tree's shape, the depth limit (MAX_COMPANY_LEVEL) and the sibling names, then rewrites the
 * paths and levels of the whole subtree. The company before and after.
 */
export async function moveCompany(
  db: Db,
  auth: AuthContext,
  move: { sourceId: number; targetId: number },
): Promise<{ before: CompanyRow; after: CompanyRow }> {
  return db.transaction(async (tx) => {
    // One move at a time: concurrent moves could otherwise build a cycle between them.
    await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_TREE_LOCK})`);
    const [source] = await tx.select().from(companies).where(eq(companies.id, move.sourceId));
    const [target] = await tx.select().from(companies).where(eq(companies.id, move.targetId));
    if (!source || !canManage(auth, source, false)) throw forbidden();
    if (!target || !canManage(auth, target, true)) throw forbidden();
    if (target.path.startsWith(source.path)) {
      throw fieldError('target', 'A company cannot be moved into itself or one of its subsidiaries.');
    }
    if (source.parentId === target.id) {
      throw fieldError('target', `${source.name} is already a subsidiary of ${target.name}.`);
    }
    const shift = target.depth + 1 - source.depth;
    if ((await deepestLevel(tx as unknown as Db, source)) + shift > MAX_COMPANY_LEVEL) {
      throw fieldError(
        'target',
        `A company can have at most ${MAX_COMPANY_LEVEL} levels; the moved companies would go deeper.`,
      );
    }
    await assertNameFree(tx as unknown as Db, source.name, target.id);
    const newPath = `${target.path}${source.id}/`;
    await tx
      .update(companies)
      .set({
        path: sql`${newPath} || substr(${companies.path}, ${source.path.length + 1})`,
        depth: sql`${companies.depth} + ${shift}`,
      })
      .where(like(companies.path, `${source.path}%`));
    const [after] = await tx
      .update(companies)
      .set({ parentId: target.id })
      .where(eq(companies.id, source.id))
      .returning();
    if (!after) throw forbidden();
    return { before: source, after };
  });
}

/** What still hangs on a company: direct subsidiaries, devices, users, files and credits. */
export async function companyContents(db: Db, companyId: number) {
  const [[subsidiaries], [fleet], [members], [stored], [credits]] = await Promise.all([
    db.select({ n: count() }).from(companies).where(eq(companies.parentId, companyId)),
    db.select({ n: count() }).from(devices).where(eq(devices.companyId, companyId)),
    db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
    db.select({ n: count() }).from(files).where(eq(files.companyId, companyId)),
    db
      .select({ n: sql<number>`coalesce(sum(${creditBalances.amount}), 0)`.mapWith(Number) })
      .from(creditBalances)
      .where(eq(creditBalances.companyId, companyId)),
  ]);
  return {
    subsidiaries: subsidiaries?.n ?? 0,
    devices: fleet?.n ?? 0,
    users: members?.n ?? 0,
    files: stored?.n ?? 0,
    credits: credits?.n ?? 0,
  };
}

/** Deletes a company; the company deleted, or undefined when it was gone already. */
export async function deleteCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [removed] = await db.delete(companies).where(eq(companies.id, id)).returning();
  return removed;
}
