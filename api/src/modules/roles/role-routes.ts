import { idSchema } from '@fleetport/contracts/fields';
import type { Permission } from '@fleetport/contracts/permissions';
import { editRoleSchema, newRoleSchema } from '@fleetport/contracts/role-forms';
import { type Role, roleDeletedSchema, roleSchema } from '@fleetport/contracts/roles';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, rolePermissions, roles, userInvitations, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { permissionsOf } from './roles.ts';

const FIELDS = [
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

const listQuery = listQuerySchema(FIELDS, {
  company_id: idSchema.optional(),
});

/** A custom role's name: its title as a slug (the built-in names are the spec's). */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || 'custom_role';
}

/**
 * Roles (spec §2 /users/roles, §6): the built-in roles (global, read-only) and the
 * custom roles of the companies the caller sees. A custom role belongs to one company; its
 * holders act on that company (`company`) or on it and its subsidiaries (`subtree`). Nobody
 * gives a role more than they hold, nor `super_admin`. Editing a role reaches its holders' live
 * sessions at once (permissions are read on every request; their sockets are renewed).
 */
export function registerRoleRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, realtime } = deps;

  const visibleRoles = (auth: AuthContext): SQL =>
    or(
      isNull(roles.companyId),
      sql`${roles.companyId} in (select ${companies.id} from ${companies} where ${visibleCompanies(auth)})`,
    ) as SQL;

  const holders = (auth: AuthContext) =>
    sql<number>`(select count(*) from ${users} inner join ${companies} on ${companies.id} = ${users.companyId} where ${users.roleId} = ${roles.id} and ${visibleCompanies(auth)})`.mapWith(
      Number,
    );

  const selectRoles = (auth: AuthContext, where: SQL | undefined) =>
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
  type Row = Awaited<ReturnType<typeof selectRoles>>[number];

  const toRole = (row: Row): Role => ({
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

  const roleFor = async (auth: AuthContext, id: number): Promise<Row> => {
    const [row] = await selectRoles(auth, eq(roles.id, id));
    if (!row) throw forbidden();
    return row;
  };

  /** A custom role the caller may change: in a company it sees. Built-in roles never change. */
  const writableRole = async (auth: AuthContext, id: number): Promise<Row> => {
    const row = await roleFor(auth, id);
    if (row.role.builtIn || row.role.companyId === null) {
      throw forbidden('Built-in roles cannot be changed.');
    }
    return row;
  };

  /** Nobody hands out more than they hold; a company-scoped caller makes company roles only. */
  const assertGrantable = (auth: AuthContext, permissions: readonly string[], scope: string) => {
    const extra = permissions.filter((permission) => !auth.can(permission as Permission));
    if (extra.length > 0) {
      throw fieldError('permissions', `You cannot give permissions you do not hold: ${extra.join(', ')}.`);
    }
    if (scope === 'subtree' && auth.scope === 'company') {
      throw fieldError('scope', 'Your own role applies to your company only.');
    }
  };

  const assertTitleFree = async (companyId: number, title: string, except?: number) => {
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
  };

  /** The role's holders reload who they are (their sockets, their console). */
  const tellHolders = async (roleId: number) => {
    const held = await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId));
    for (const user of held) realtime.userChanged(user.id);
  };

  registry.add(router, {
    method: 'get',
    path: '/roles',
    summary: 'Built-in roles and the custom roles of the companies the caller sees (list conventions).',
    tag: 'roles',
    access: { permission: 'view_roles' },
    query: listQuery,
    response: z.array(roleSchema),
    handler: async ({ auth, query }) => {
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
      } satisfies Record<(typeof FIELDS)[number], unknown>;
      const order = query.sort.length
        ? query.sort.map((key) =>
            key.descending ? sql`${sortable[key.field]} desc` : sql`${sortable[key.field]} asc`,
          )
        : [sql`${roles.builtIn} desc`, asc(roles.id)];
      const [rows, [total]] = await Promise.all([
        selectRoles(auth, where)
          .orderBy(...order, asc(roles.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(roles)
          .where(and(visibleRoles(auth), where)),
      ]);
      return { data: pickFields(rows.map(toRole), query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/roles/:id',
    summary: 'One role with its permissions; 403 alike for one the caller may not see and a missing one.',
    tag: 'roles',
    access: { permission: 'view_roles' },
    params: idParam,
    response: roleSchema,
    handler: async ({ auth, params }) => ({ data: toRole(await roleFor(auth, params.id)) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/roles',
    summary: 'Creates a custom role of a company the caller sees, with permissions the caller holds.',
    tag: 'roles',
    access: { permission: 'manage_roles' },
    body: newRoleSchema,
    response: roleSchema,
    handler: async ({ auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      assertGrantable(auth, body.permissions, body.scope);
      await assertTitleFree(company.id, body.title);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(roles)
          .values({
            name: slugOf(body.title),
            title: body.title,
            description: body.description,
            companyId: company.id,
            scope: body.scope,
            builtIn: false,
          })
          .returning({ id: roles.id });
        if (!created) throw new Error('role not created');
        await tx
          .insert(rolePermissions)
          .values(body.permissions.map((permission) => ({ roleId: created.id, permission })));
        return created.id;
      });
      const data = toRole(await roleFor(auth, id));
      return {
        status: 201,
        data,
        audit: { entity: 'role', entityId: String(id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/roles/:id',
    summary: "Changes a custom role; its holders' live sessions follow at once.",
    tag: 'roles',
    access: { permission: 'manage_roles' },
    params: idParam,
    body: editRoleSchema,
    response: roleSchema,
    handler: async ({ auth, params, body }) => {
      const before = await writableRole(auth, params.id);
      assertGrantable(auth, body.permissions, body.scope);
      const companyId = before.role.companyId as number;
      await assertTitleFree(companyId, body.title, before.role.id);
      await db.transaction(async (tx) => {
        await tx
          .update(roles)
          .set({
            title: body.title,
            description: body.description,
            scope: body.scope,
            name: slugOf(body.title),
          })
          .where(eq(roles.id, before.role.id));
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, before.role.id));
        await tx
          .insert(rolePermissions)
          .values(body.permissions.map((permission) => ({ roleId: before.role.id, permission })));
      });
      await tellHolders(before.role.id);
      const data = toRole(await roleFor(auth, before.role.id));
      return {
        data,
        audit: { entity: 'role', entityId: String(data.id), companyId, before: toRole(before), after: data },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/roles/:id',
    summary: 'Deletes a custom role that nobody holds and no open invitation gives (409 otherwise).',
    tag: 'roles',
    access: { permission: 'manage_roles' },
    params: idParam,
    statuses: { 409: 'Users hold the role, or an invitation gives it' },
    response: roleDeletedSchema,
    handler: async ({ auth, params }) => {
      const row = await writableRole(auth, params.id);
      const [[held], [invited]] = await Promise.all([
        db.select({ n: count() }).from(users).where(eq(users.roleId, row.role.id)),
        db.select({ n: count() }).from(userInvitations).where(eq(userInvitations.roleId, row.role.id)),
      ]);
      if ((held?.n ?? 0) > 0)
        throw conflict(`${held?.n} user(s) hold this role: give them another role first.`);
      if ((invited?.n ?? 0) > 0) throw conflict('An open invitation gives this role: delete it first.');
      await db.delete(roles).where(eq(roles.id, row.role.id));
      return {
        data: { deleted: true },
        audit: {
          entity: 'role',
          entityId: String(row.role.id),
          companyId: row.role.companyId ?? undefined,
          before: toRole(row),
          after: undefined,
        },
      };
    },
  });
}
