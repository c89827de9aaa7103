import {
  companySchema,
  companyTreeNodeSchema,
  type EditCompany,
  editCompanySchema,
  MAX_COMPANY_LEVEL,
  moveCompanySchema,
  newCompanySchema,
  UNCHANGED_MESSAGE,
} from '@fleetport/contracts/companies';
import { and, asc, count, eq, isNull, like, max, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, creditBalances, devices, files, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { requireRecentPassword } from '../auth/confirmation.ts';
import type { AuthContext } from '../auth/context.ts';
import { companyCounts, toCompany } from './routes.ts';
import { canSeeCompany, levelOf, visibleCompanies } from './scope.ts';
import { insertCompany } from './tree.ts';

type CompanyRow = typeof companies.$inferSelect;

/**
 * Whether the caller may change this company (manage_companies is checked by the route):
 * platform staff any company; others a company below their own, or their own for `own: true`
 * (rename it, create under it). Nobody deletes or moves the company they belong to.
 */
function canManage(auth: AuthContext, company: CompanyRow, own: boolean): boolean {
  if (auth.scope === 'all') return true;
  if (!canSeeCompany(auth, company)) return false;
  return own || company.id !== auth.companyId;
}

/** The deepest level in the subtree rooted at `company` (the company's own when it has none). */
async function deepestLevel(db: ApiDeps['db'], company: CompanyRow): Promise<number> {
  const [row] = await db
    .select({ depth: max(companies.depth) })
    .from(companies)
    .where(like(companies.path, `${company.path}%`));
  return levelOf(row?.depth ?? company.depth);
}

/** Spec §5: sibling companies have different names (case aside). */
async function assertNameFree(
  db: ApiDeps['db'],
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

/**
 * Company writes (spec §2 "New company", "Edit company", "Move company", spec §7):
 * create under a company the caller manages, rename (refused when unchanged), move a subtree
 * (never into itself, never past MAX_COMPANY_LEVEL) and delete an empty company after the
 * password re-confirmation. The tree view reads GET /companies/tree.
 */
export function registerCompanyWriteRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, config } = deps;

  const companyById = async (id: number): Promise<CompanyRow | undefined> =>
    (await db.select().from(companies).where(eq(companies.id, id)))[0];

  registry.add(router, {
    method: 'get',
    path: '/companies/tree',
    summary: 'The companies the caller may see, in tree order, with user and subsidiary counts.',
    tag: 'companies',
    access: { permission: 'view_companies' },
    response: z.array(companyTreeNodeSchema),
    handler: async ({ auth }) => {
      const counts = companyCounts(db);
      const rows = await db
        .select({
          company: companies,
          users: counts.users,
          devices: counts.devices,
          subsidiaries: counts.subsidiaries,
        })
        .from(companies)
        .leftJoin(counts.userCounts, eq(counts.userCounts.companyId, companies.id))
        .leftJoin(counts.children, eq(counts.children.parentId, companies.id))
        .where(visibleCompanies(auth))
        .orderBy(asc(companies.path));
      return {
        data: rows.map((row) => ({
          id: row.company.id,
          name: row.company.name,
          parent_id: row.company.parentId,
          level: levelOf(row.company.depth),
          users: row.users,
          devices: row.devices,
          subsidiaries: row.subsidiaries,
        })),
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/companies',
    summary: 'Creates a company under parent_id, a company the caller manages (spec §7 POST /companies).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    body: newCompanySchema,
    response: companySchema,
    handler: async ({ auth, body }) => {
      let parent: CompanyRow | undefined;
      if (body.parent_id === null) {
        if (auth.scope !== 'all') throw fieldError('parent_id', 'is required');
      } else {
        parent = await companyById(body.parent_id);
        if (!parent || !canManage(auth, parent, true)) throw forbidden();
        if (levelOf(parent.depth) >= MAX_COMPANY_LEVEL) {
          throw fieldError(
            'parent_id',
            `A company can have at most ${MAX_COMPANY_LEVEL} levels; this one is at the last level.`,
          );
        }
      }
      await assertNameFree(db, body.name, parent?.id ?? null);
      const node = await db.transaction((tx) => insertCompany(tx, { name: body.name, parent }));
      const created = await companyById(node.id);
      if (!created) throw new Error('created company not found');
      const data = toCompany(created);
      return {
        status: 201,
        data,
        audit: { companyId: created.id, entityId: String(created.id), before: undefined, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/companies/:id',
    summary: 'Renames a company; show_payment is for super admins. Unchanged values are refused (spec §5).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    params: idParam,
    body: editCompanySchema,
    response: companySchema,
    handler: async ({ auth, params, body }) => {
      const company = await companyById(params.id);
      if (!company || !canManage(auth, company, true)) throw forbidden();
      if (body.show_payment !== undefined && !auth.can('super_admin')) throw forbidden();
      const changes: Partial<Pick<CompanyRow, 'name' | 'showPayment'>> = {};
      if (body.name !== undefined && body.name !== company.name) changes.name = body.name;
      if (body.show_payment !== undefined && body.show_payment !== company.showPayment) {
        changes.showPayment = body.show_payment;
      }
      if (Object.keys(changes).length === 0) {
        throw fieldError(fieldOf(body), UNCHANGED_MESSAGE, 'UNCHANGED');
      }
      if (changes.name !== undefined) await assertNameFree(db, changes.name, company.parentId, company.id);
      const [updated] = await db
        .update(companies)
        .set(changes)
        .where(eq(companies.id, company.id))
        .returning();
      if (!updated) throw forbidden();
      const data = toCompany(updated);
      return {
        data,
        audit: {
          companyId: company.id,
          entityId: String(company.id),
          before: toCompany(company),
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/companies/move',
    summary: 'Moves company `source` (with its subtree) under `target` (spec §7 POST /companies/move).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    body: moveCompanySchema,
    response: companySchema,
    handler: async ({ auth, body }) => {
      const moved = await db.transaction(async (tx) => {
        // One move at a time: concurrent moves could otherwise build a cycle between them.
        await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_TREE_LOCK})`);
        const [source] = await tx.select().from(companies).where(eq(companies.id, body.source));
        const [target] = await tx.select().from(companies).where(eq(companies.id, body.target));
        if (!source || !canManage(auth, source, false)) throw forbidden();
        if (!target || !canManage(auth, target, true)) throw forbidden();
        if (target.path.startsWith(source.path)) {
          throw fieldError('target', 'A company cannot be moved into itself or one of its subsidiaries.');
        }
        if (source.parentId === target.id) {
          throw fieldError('target', `${source.name} is already a subsidiary of ${target.name}.`);
        }
        const shift = target.depth + 1 - source.depth;
        if ((await deepestLevel(tx as unknown as ApiDeps['db'], source)) + shift > MAX_COMPANY_LEVEL) {
          throw fieldError(
            'target',
            `A company can have at most ${MAX_COMPANY_LEVEL} levels; the moved companies would go deeper.`,
          );
        }
        await assertNameFree(tx as unknown as ApiDeps['db'], source.name, target.id);
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
      // Sessions carry their company's path: users in the moved subtree see it on their next request.
      const data = toCompany(moved.after);
      return {
        data,
        audit: {
          companyId: moved.after.id,
          entityId: String(moved.after.id),
          before: toCompany(moved.before),
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/companies/:id',
    summary:
      'Deletes a company without subsidiaries, devices, users or files (423 until the password is confirmed again).',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    params: idParam,
    response: companySchema,
    statuses: {
      409: 'The company still has subsidiaries, devices, users, files or credits',
      423: 'Confirm the password',
    },
    handler: async ({ auth, params }) => {
      const company = await companyById(params.id);
      if (!company || !canManage(auth, company, false)) throw forbidden();
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      const [[subsidiaries], [fleet], [members], [stored], [credits]] = await Promise.all([
        db.select({ n: count() }).from(companies).where(eq(companies.parentId, company.id)),
        db.select({ n: count() }).from(devices).where(eq(devices.companyId, company.id)),
        db.select({ n: count() }).from(users).where(eq(users.companyId, company.id)),
        db.select({ n: count() }).from(files).where(eq(files.companyId, company.id)),
        db
          .select({ n: sql<number>`coalesce(sum(${creditBalances.amount}), 0)`.mapWith(Number) })
          .from(creditBalances)
          .where(eq(creditBalances.companyId, company.id)),
      ]);
      if ((subsidiaries?.n ?? 0) > 0) {
        throw conflict(`${company.name} still has subsidiaries: move or delete them first.`);
      }
      // Spec §2: refused while it has devices or subsidiaries.
      if ((fleet?.n ?? 0) > 0)
        throw conflict(`${company.name} still has devices: move or delete them first.`);
      if ((members?.n ?? 0) > 0) throw conflict(`${company.name} still has users: delete them first.`);
      if ((stored?.n ?? 0) > 0) throw conflict(`${company.name} still has files: delete them first.`);
      // Credits are money: they are moved elsewhere, never deleted with their company.
      if ((credits?.n ?? 0) > 0) {
        throw conflict(
          `${company.name} still has ${credits?.n} credit(s): move them to another company first.`,
        );
      }
      const [removed] = await db.delete(companies).where(eq(companies.id, company.id)).returning();
      if (!removed) throw forbidden();
      const data = toCompany(removed);
      return {
        data,
        audit: {
          companyId: company.parentId ?? company.id,
          entityId: String(company.id),
          before: data,
          after: undefined,
        },
      };
    },
  });
}

/** The advisory lock key that serialises moves in the company tree. */
const COMPANY_TREE_LOCK = 0x66706374; // 'fpct'

/** Where 'unchanged' is reported: the name field when the form sent one. */
function fieldOf(body: EditCompany): string {
  return body.name !== undefined ? 'name' : 'show_payment';
}
