import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema, textSchema } from '@fleetport/contracts/fields';
import { changeUserRoleSchema, userListItemSchema } from '@fleetport/contracts/users';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { requireRecentPassword } from '../auth/confirmation.ts';
import { assignableRoles } from '../roles/queries.ts';
import {
  canManageUser,
  deleteUser,
  listUsers,
  setUserRole,
  toUser,
  USER_FIELDS,
  userById,
} from './user-queries.ts';

/**
 * Users (spec §2 /users, §6): the users of the companies the caller may see; a user's
 * role changed ('Edit user role') within what the caller may give; a user deleted after the
 * password is confirmed again. Permissions are read on every request, so a new role applies to
 * the user's live sessions at once; their open consoles are told to reload it.
 * SQL: user-queries.ts.
 */
export function registerUserManagementRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, realtime, config } = deps;

  registry.add(router, {
    method: 'get',
    path: '/users',
    summary: 'Users of the companies the caller may see: list conventions (limit, offset, q, sort, fields).',
    tag: 'users',
    access: { permission: 'view_users' },
    query: listQuerySchema(USER_FIELDS, {
      company_id: idSchema.optional(),
      role_id: idSchema.optional(),
      email: textSchema().max(200).optional().describe('the address contains this'),
      company_name: textSchema().max(200).optional().describe("the company's name contains this"),
    }),
    response: z.array(userListItemSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listUsers(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/users/:id',
    summary:
      "Changes a user's role (spec §2 'Edit user role'): a role the caller may give in the user's company; never the caller's own.",
    tag: 'users',
    access: { permission: 'manage_users' },
    event: 'user.role',
    params: idParam,
    body: changeUserRoleSchema,
    response: userListItemSchema,
    handler: async ({ auth, params, body }) => {
      const before = await userById(db, params.id);
      if (!before || !canManageUser(auth, before)) throw forbidden();
      const allowed = await assignableRoles(db, auth, before.user.companyId);
      if (!allowed.some((role) => role.id === body.role)) {
        throw fieldError('role', 'You cannot give this role in this company.');
      }
      if (before.user.roleId === body.role) {
        throw fieldError('role', 'Please input different value to save changes.', 'UNCHANGED');
      }
      await setUserRole(db, before.user.id, body.role);
      const after = await userById(db, before.user.id);
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
          before: { email: before.user.email, role: before.roleName },
          after: { email: after.user.email, role: after.roleName },
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
    event: 'user.delete',
    params: idParam,
    statuses: { 423: 'Confirm the password' },
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const target = await userById(db, params.id);
      if (!target || !canManageUser(auth, target)) throw forbidden();
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      await sessions.revokeAll(target.user.id, 'user deleted');
      await deleteUser(db, target.user.id);
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
