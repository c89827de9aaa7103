import { BUILT_IN_ROLES } from '@fleetport/contracts/roles';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles } from '../db/schema.ts';

/** Custom roles are numbered from here, clear of the built-in ids of spec §6. */
const FIRST_CUSTOM_ROLE_ID = 100;

/**
 * Writes the built-in roles (fixed ids, global) and their permission sets at every start, so
 * a release that changes a built-in set applies to every live session at once.
 */
export async function ensureBuiltInRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const role of BUILT_IN_ROLES) {
      await tx
        .insert(roles)
        .values({
          id: role.id,
          name: role.name,
          title: role.title,
          description: role.description,
          companyId: null,
          scope: role.scope,
          builtIn: true,
        })
        .onConflictDoUpdate({
          target: roles.id,
          set: {
            name: role.name,
            title: role.title,
            description: role.description,
            scope: role.scope,
            builtIn: true,
          },
        });
      const permissions = [...role.permissions];
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, role.id), notInArray(rolePermissions.permission, permissions)));
      await tx
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ roleId: role.id, permission })))
        .onConflictDoNothing();
    }
    await tx.execute(
      sql`SELECT setval('roles_id_seq', greatest(${FIRST_CUSTOM_ROLE_ID}, (SELECT max(id) FROM roles)))`,
    );
  });
}
