import type { UserListItem } from '@fleetport/contracts/users';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, roles, users } from '../../db/schema.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';

export const USER_FIELDS = [
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

const userRow = {
  user: users,
  companyName: companies.name,
  companyPath: companies.path,
  roleName: roles.name,
  roleTitle: roles.title,
};
export type UserRow = {
  user: typeof users.$inferSelect;
  companyName: string;
  companyPath: string;
  roleName: string;
  roleTitle: string;
};

const selectUsers = (db: Db, where: SQL | undefined) =>
  db
    .select(userRow)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .$dynamic();

/** A user as GET /users answers it. */
export const toUser = (row: UserRow): UserListItem => ({
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
export function canManageUser(auth: AuthContext, row: UserRow): boolean {
  if (row.user.id === auth.userId) return false;
  return canSeeCompany(auth, { id: row.user.companyId, path: row.companyPath });
}

/** A user with its company and role, whoever may see it. */
export async function userById(db: Db, id: number): Promise<UserRow | undefined> {
  return (await selectUsers(db, eq(users.id, id)))[0];
}

/** A page of the users of the companies the caller sees, and their count. */
export async function listUsers(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    email?: string;
    company_name?: string;
    company_id?: number;
    role_id?: number;
    sort: SortKey<(typeof USER_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: UserListItem[]; total: number }> {
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
  } satisfies Record<(typeof USER_FIELDS)[number], unknown>;
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
    selectUsers(db, where)
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
  return { rows: rows.map(toUser), total: total?.value ?? 0 };
}

/** Gives a user another role. */
export async function setUserRole(db: Db, userId: number, roleId: number): Promise<void> {
  await db.update(users).set({ roleId }).where(eq(users.id, userId));
}

/** Deletes a user. */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** The signed-in user with its company and role (GET /user). */
export async function currentUserRow(db: Db, userId: number) {
  const [row] = await db
    .select({ user: users, company: companies, role: roles })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row;
}

/** A user's id and address (the admin behind an impersonation). */
export async function userIdentity(
  db: Db,
  userId: number,
): Promise<{ id: number; email: string } | undefined> {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}
