import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { rolePermissions, roles } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import type { AuthContext } from '../auth/context.ts';

export type RoleRow = typeof roles.$inferSelect;

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
  db: ApiDeps['db'],
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
