import { BUILT_IN_ROLE_BY_NAME, type Role } from '@fleetport/contracts/roles';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, rolePermissions, roles, userInvitations, users } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';

export type RoleRow = typeof roles.$inferSelect;

export const ROLE_FIELDS = [
  'id',
  'name',
  'title',
  'description',
  'company_id',
  'company_name',
  'scope',
  'built_in',
  'permissions_count',
  'permissions',
  'users',
] as const;

/** A role's permissions, as one array per role. */
export const permissionsOf = sql<
  string[]
>`coalesce((select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}), '{}')`;

/**
 * Spec §6: the roles a caller may give in a company ("the inviter's allowed built-in roles plus
 * custom roles for the selected company"). A built-in role's holder gives the built-in roles its
 * row of spec §6 lists; a custom role's holder, whose role has no such row, gives only roles
 * whose permissions it holds itself (no one hands out more than they have).
 */
export async function assignableRoles(
  db: Db,
  auth: AuthContext,
  companyId: number,
): Promise<(RoleRow & { permissions: string[] })[]> {
  const builtIn = BUILT_IN_ROLE_BY_NAME.get(auth.roleName as never);
  const ownBuiltIn = builtIn !== undefined && auth.roleId === builtIn.id;
  const conditions: SQL[] = [and(eq(roles.companyId, companyId), eq(roles.builtIn, false)) as SQL];
  if (ownBuiltIn && builtIn.invites.length > 0) {
    conditions.push(and(eq(roles.builtIn, true), inArray(roles.name, [...builtIn.invites])) as SQL);
  } else if (!ownBuiltIn) {
    conditions.push(and(eq(roles.builtIn, true), isNull(roles.companyId)) as SQL);
  }
  const rows = await db
    .select({ role: roles, permissions: permissionsOf })
    .from(roles)
    .where(or(...conditions))
    .orderBy(roles.builtIn, roles.id);
  const mine = auth.permissions as ReadonlySet<string>;
  return rows
    .filter((row) => ownBuiltIn || row.permissions.every((permission) => mine.has(permission)))
    .map((row) => ({ ...row.role, permissions: row.permissions }));
}

/** The roles a caller sees: the built-in ones and the custom roles of the companies it sees. */
const visibleRoles = (auth: AuthContext): SQL =>
  or(
    isNull(roles.companyId),
    sql`${roles.companyId} in (select ${companies.id} from ${companies} where ${visibleCompanies(auth)})`,
  ) as SQL;

/** A role's holders among the users the caller sees. */
const holders = (auth: AuthContext) =>
  sql<number>`(select count(*) from ${users} inner join ${companies} on ${companies.id} = ${users.companyId} where ${users.roleId} = ${roles.id} and ${visibleCompanies(auth)})`.mapWith(
    Number,
  );

const selectRoles = (db: Db, auth: AuthContext, where: SQL | undefined) =>
  db
    .select({
      role: roles,
      companyName: companies.name,
      permissions: permissionsOf,
      users: holders(auth),
    })
    .from(roles)
    .leftJoin(companies, eq(companies.id, roles.companyId))
    .where(and(visibleRoles(auth), where))
    .$dynamic();
export type RoleWithCounts = Awaited<ReturnType<typeof selectRoles>>[number];

/** A role as the API answers it. */
export const toRole = (row: RoleWithCounts): Role => ({
  id: row.role.id,
  name: row.role.name,
  title: row.role.title,
  description: row.role.description,
  company_id: row.role.companyId,
  company_name: row.companyName,
  scope: row.role.scope,
  built_in: row.role.builtIn,
  permissions_count: row.permissions.length,
  permissions: [...row.permissions].sort(),
  users: row.users,
});

/** A role the caller sees; 403 alike for one it may not see and a missing one. */
export async function roleFor(db: Db, auth: AuthContext, id: number): Promise<RoleWithCounts> {
  const [row] = await selectRoles(db, auth, eq(roles.id, id));
  if (!row) throw forbidden();
  return row;
}

/** A page of the roles the caller sees (built-in first by default), and their count. */
export async function listRoles(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    company_id?: number;
    sort: SortKey<(typeof ROLE_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: Role[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(ilike(roles.title, contains(query.q)));
  if (query.company_id !== undefined) conditions.push(eq(roles.companyId, query.company_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const sortable = {
    id: roles.id,
    name: roles.name,
    title: roles.title,
    description: roles.description,
    company_id: roles.companyId,
    company_name: companies.name,
    scope: roles.scope,
    built_in: roles.builtIn,
    permissions_count: sql`(select count(*) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`,
    permissions: roles.id,
    users: holders(auth),
  } satisfies Record<(typeof ROLE_FIELDS)[number], unknown>;
  const order = query.sort.length
    ? query.sort.map((key) =>
        key.descending ? sql`${sortable[key.field]} desc` : sql`${sortable[key.field]} asc`,
      )
    : [sql`${roles.builtIn} desc`, asc(roles.id)];
  const [rows, [total]] = await Promise.all([
    selectRoles(db, auth, where)
      .orderBy(...order, asc(roles.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(roles)
      .where(and(visibleRoles(auth), where)),
  ]);
  return { rows: rows.map(toRole), total: total?.value ?? 0 };
}

/** 422 on `title` when the company has a role of this title already (case aside), other than `except`. */
export async function assertTitleFree(
  db: Db,
  companyId: number,
  title: string,
  except?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        sql`lower(${roles.title}) = lower(${title})`,
        except === undefined ? undefined : sql`${roles.id} <> ${except}`,
      ),
    );
  if (taken) throw fieldError('title', 'This company has a role with this title already.');
}

type RoleValues = Pick<RoleRow, 'name' | 'title' | 'description' | 'scope'>;

/** A new custom role of a company with its permissions, in one transaction; its id. */
export async function insertRole(
  db: Db,
  role: RoleValues & { companyId: number; permissions: readonly string[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(roles)
      .values({
        name: role.name,
        title: role.title,
        description: role.description,
        companyId: role.companyId,
        scope: role.scope,
        builtIn: false,
      })
      .returning({ id: roles.id });
    if (!created) throw new Error('role not created');
    await tx
      .insert(rolePermissions)
      .values(role.permissions.map((permission) => ({ roleId: created.id, permission })));
    return created.id;
  });
}

/** Sets a custom role's title, description, scope, name and permissions, in one transaction. */
export async function updateRole(
  db: Db,
  id: number,
  role: RoleValues & { permissions: readonly string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(roles)
      .set({ title: role.title, description: role.description, scope: role.scope, name: role.name })
      .where(eq(roles.id, id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    await tx
      .insert(rolePermissions)
      .values(role.permissions.map((permission) => ({ roleId: id, permission })));
  });
}

/** The ids of a role's holders. */
export async function holderIds(db: Db, roleId: number): Promise<number[]> {
  const held = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId));
  return held.map((user) => user.id);
}

/** How many users hold a role, and how many open invitations give it. */
export async function roleUses(db: Db, roleId: number): Promise<{ holders: number; invitations: number }> {
  const [[held], [invited]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.roleId, roleId)),
    db.select({ n: count() }).from(userInvitations).where(eq(userInvitations.roleId, roleId)),
  ]);
  return { holders: held?.n ?? 0, invitations: invited?.n ?? 0 };
}

/** Deletes a role. */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}
