import { idSchema } from '@fleetport/contracts/fields';
import type { Permission } from '@fleetport/contracts/permissions';
import { editRoleSchema, newRoleSchema } from '@fleetport/contracts/role-forms';
import { roleDeletedSchema, roleSchema } from '@fleetport/contracts/roles';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { conflict, fieldError, forbidden } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import {
  assertTitleFree,
  deleteRole,
  holderIds,
  insertRole,
  listRoles,
  ROLE_FIELDS,
  type RoleWithCounts,
  roleFor,
  roleUses,
  toRole,
  updateRole,
} from './queries.ts';

/** A custom role's name: its title as a slug (the built-in names are the spec's). */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug || 'custom_role';
}

/** Nobody hands out more than they hold; a company-scoped caller makes company roles only. */
function assertGrantable(auth: AuthContext, permissions: readonly string[], scope: string): void {
  const extra = permissions.filter((permission) => !auth.can(permission as Permission));
  if (extra.length > 0) {
    throw fieldError('permissions', `You cannot give permissions you do not hold: ${extra.join(', ')}.`);
  }
  if (scope === 'subtree' && auth.scope === 'company') {
    throw fieldError('scope', 'Your own role applies to your company only.');
  }
}

/**
 * Roles (spec §2 /users/roles, §6): the built-in roles (global, read-only) and the
 * custom roles of the companies the caller sees. A custom role belongs to one company; its
 * holders act on that company (`company`) or on it and its subsidiaries (`subtree`). Nobody
 * gives a role more than they hold, nor `super_admin`. Editing a role reaches its holders' live
 * sessions at once (permissions are read on every request; their sockets are renewed).
 * SQL: queries.ts.
 */
export function registerRoleRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, realtime } = deps;

  /** A custom role the caller may change: in a company it sees. Built-in roles never change. */
  const writableRole = async (auth: AuthContext, id: number): Promise<RoleWithCounts> => {
    const row = await roleFor(db, auth, id);
    if (row.role.builtIn || row.role.companyId === null) {
      throw forbidden('Built-in roles cannot be changed.');
    }
    return row;
  };

  registry.add(router, {
    method: 'get',
    path: '/roles',
    summary: 'Built-in roles and the custom roles of the companies the caller sees (list conventions).',
    tag: 'roles',
    access: { permission: 'view_roles' },
    query: listQuerySchema(ROLE_FIELDS, { company_id: idSchema.optional() }),
    response: z.array(roleSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listRoles(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
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
    handler: async ({ auth, params }) => ({ data: toRole(await roleFor(db, auth, params.id)) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/roles',
    summary: 'Creates a custom role of a company the caller sees, with permissions the caller holds.',
    tag: 'roles',
    access: { permission: 'manage_roles' },
    event: 'role.create',
    body: newRoleSchema,
    response: roleSchema,
    handler: async ({ auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id);
      assertGrantable(auth, body.permissions, body.scope);
      await assertTitleFree(db, company.id, body.title);
      const id = await insertRole(db, {
        name: slugOf(body.title),
        title: body.title,
        description: body.description,
        companyId: company.id,
        scope: body.scope,
        permissions: body.permissions,
      });
      const data = toRole(await roleFor(db, auth, id));
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
    event: 'role.update',
    params: idParam,
    body: editRoleSchema,
    response: roleSchema,
    handler: async ({ auth, params, body }) => {
      const before = await writableRole(auth, params.id);
      assertGrantable(auth, body.permissions, body.scope);
      const companyId = before.role.companyId as number;
      await assertTitleFree(db, companyId, body.title, before.role.id);
      await updateRole(db, before.role.id, {
        title: body.title,
        description: body.description,
        scope: body.scope,
        name: slugOf(body.title),
        permissions: body.permissions,
      });
      // The role's holders reload who they are (their sockets, their console).
      for (const userId of await holderIds(db, before.role.id)) realtime.userChanged(userId);
      const data = toRole(await roleFor(db, auth, before.role.id));
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
    event: 'role.delete',
    params: idParam,
    statuses: { 409: 'Users hold the role, or an invitation gives it' },
    response: roleDeletedSchema,
    handler: async ({ auth, params }) => {
      const row = await writableRole(auth, params.id);
      const uses = await roleUses(db, row.role.id);
      if (uses.holders > 0)
        throw conflict(`${uses.holders} user(s) hold this role: give them another role first.`);
      if (uses.invitations > 0) throw conflict('An open invitation gives this role: delete it first.');
      await deleteRole(db, row.role.id);
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
