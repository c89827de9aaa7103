import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, rolePermissions, roles, users } from '../../db/schema.ts';

/** A user as an impersonation concerns them: address, locale, company, role and access limit. */
export async function impersonationTarget(db: Db, userId: number) {
  const [target] = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      companyId: users.companyId,
      companyPath: companies.path,
      roleId: users.roleId,
      scope: roles.scope,
      limit: users.impersonationAccessLimit,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return target;
}

/** The permissions a role grants, as stored (unknown names included). */
export async function rolePermissionNames(db: Db, roleId: number): Promise<string[]> {
  const granted = await db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return granted.map(({ permission }) => permission);
}

/** Sets until when admins may impersonate the user; null withdraws the access. */
export async function setImpersonationAccessLimit(db: Db, userId: number, limit: Date | null): Promise<void> {
  await db.update(users).set({ impersonationAccessLimit: limit }).where(eq(users.id, userId));
}
