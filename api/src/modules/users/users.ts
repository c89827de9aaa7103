import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { changeUserRoleSchema, userListItemSchema } from '@fleetport/contracts/users';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, roles, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { requireRecentPassword } from '../auth/confirmation.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { assignableRoles } from '../roles/roles.ts';

const FIELDS = [
  'id',
  'email',
  'username',
  'company_id',
  'company_name',
  'role_id',
  'role_name',
  'role_title',
  'mfa_type',
  'email_verified',
  'created_at',
] as const;

const listQuery = listQuerySchema(FIELDS, {
  company_id: idSchema.optional(),
  role_id: idSchema.optional(),
  email: textSchema().max(200).optional().describe('the address contains this'),
  company_name: textSchema().max(200).optional().describe("the company's name contains this"),
});

const userRow = {
  user: users,
  companyName: companies.name,
  companyPath: companies.path,
  roleName: roles.name,
  roleTitle: roles.title,
};
type UserRow = {
  user: typeof users.$inferSelect;
  companyName: string;
  companyPath: string;
  roleName: string;
  roleTitle: string;
};

const toUser = (row: UserRow) => ({
  id: row.user.id,
  email: row.user.email,
  username: row.user.username,
  company_id: row.user.companyId,
  company_name: row.companyName,
  role_id: row.user.roleId,
  role_name: row.roleName,
  role_title: row.roleTitle,
  mfa_type: row.user.mfaType,
  email_verified: row.user.emailVerifiedAt !== null,
  created_at: row.user.createdAt.toISOString(),
});

/** Whether the caller may change or delete this user: someone else, in a company it sees. */
function canManageUser(auth: AuthContext, row: UserRow): boolean {
  if (row.user.id === auth.userId) return false;
  return canSeeCompany(auth, { id: row.user.companyId, path: row.companyPath });
}

/**
 * Users (spec §2 /users, §6): the users of the companies the caller may see; a user's
 * role changed ('Edit user role') within what the caller may give; a user deleted after the
 * password is confirmed again. Permissions are read on every request, so a new role applies to
 * the user's live sessions at once; their open consoles are told to reload it.
 */
export function registerUserRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, realtime, config } = deps;

  const selectUsers = (where: SQL | undefined) =>
    db
      .select(userRow)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .$dynamic();

  const userById = async (id: number): Promise<UserRow | undefined> =>
    (await selectUsers(eq(users.id, id)))[0];

  registry.add(router, {
    method: 'get',
    path: '/users',
    summary: 'Users of the companies the caller may see: list conventions (limit, offset, q, sort, fields).',
    tag: 'users',
    access: { permission: 'view_users' },
    query: listQuery,
    response: z.array(userListItemSchema),
    handler: async ({ auth, query }) => {
      const sortable = {
        id: users.id,
        email: users.email,
        username: users.username,
        company_id: users.companyId,
        company_name: companies.name,
        role_id: users.roleId,
        role_name: roles.name,
        role_title: roles.title,
        mfa_type: users.mfaType,
        email_verified: users.emailVerifiedAt,
        created_at: users.createdAt,
      } satisfies Record<(typeof FIELDS)[number], unknown>;
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.q) {
        conditions.push(
          or(ilike(users.email, contains(query.q)), ilike(users.username, contains(query.q))) as SQL,
        );
      }
      if (query.email) conditions.push(ilike(users.email, contains(query.email)));
      if (query.company_name) conditions.push(ilike(companies.name, contains(query.company_name)));
      if (query.company_id !== undefined) conditions.push(eq(users.companyId, query.company_id));
      if (query.role_id !== undefined) conditions.push(eq(users.roleId, query.role_id));
      const where = and(...conditions);
      const order = query.sort.map((key) =>
        key.descending ? desc(sortable[key.field]) : asc(sortable[key.field]),
      );
      const [rows, [total]] = await Promise.all([
        selectUsers(where)
          .orderBy(...order, asc(users.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where),
      ]);
      return { data: pickFields(rows.map(toUser), query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/users/:id',
    summary:
      "Changes a user's role (spec §2 'Edit user role'): a role the caller may give in the user's company; never the caller's own.",
    tag: 'users',
    access: { permission: 'manage_users' },
    params: idParam,
    body: changeUserRoleSchema,
    response: userListItemSchema,
    handler: async ({ auth, params, body }) => {
      const before = await userById(params.id);
      if (!before || !canManageUser(auth, before)) throw forbidden();
      const allowed = await assignableRoles(db, auth, before.user.companyId);
      if (!allowed.some((role) => role.id === body.role)) {
        throw fieldError('role', 'You cannot give this role in this company.');
      }
      if (before.user.roleId === body.role) {
        throw fieldError('role', 'Please input different value to save changes.', 'UNCHANGED');
      }
      await db.update(users).set({ roleId: body.role }).where(eq(users.id, before.user.id));
      const after = await userById(before.user.id);
      if (!after) throw forbidden();
      // The API reads permissions on every request; the user's open consoles and sockets are
      // told so they reload theirs (sockets re-authenticate: no stale channel rights).
      realtime.userChanged(after.user.id);
      return {
        data: toUser(after),
        audit: {
          entity: 'user',
          entityId: String(after.user.id),
          companyId: after.user.companyId,
          before: { role: before.roleName },
          after: { role: after.roleName },
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/users/:id',
    summary: 'Deletes a user (423 until the password is confirmed again); never the caller.',
    tag: 'users',
    access: { permission: 'manage_users' },
    params: idParam,
    statuses: { 423: 'Confirm the password' },
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const target = await userById(params.id);
      if (!target || !canManageUser(auth, target)) throw forbidden();
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      await sessions.revokeAll(target.user.id, 'user deleted');
      await db.delete(users).where(eq(users.id, target.user.id));
      realtime.userChanged(target.user.id);
      return {
        data: { deleted: true },
        audit: {
          entity: 'user',
          entityId: String(target.user.id),
          companyId: target.user.companyId,
          before: { email: target.user.email, role: target.roleName },
          after: undefined,
        },
      };
    },
  });
}
