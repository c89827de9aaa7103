import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, roles, users } from '../../db/schema.ts';

/** The user signing in with this address (the whole row), if any. */
export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** A user's password hash; undefined for no such user (null for one without a password). */
export async function passwordHashOf(db: Db, userId: number): Promise<string | null | undefined> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return user?.hash;
}

/** Sets a user's password hash; `emailVerified` also marks the address verified from now. */
export async function setPasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  emailVerified = false,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, ...(emailVerified ? { emailVerifiedAt: new Date() } : {}) })
    .where(eq(users.id, userId));
}

const selectRecipient = async (db: Db, where: SQL) => {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      companyId: users.companyId,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(where);
  return user;
};

/** The user an account e-mail goes to (address, locale, company, verification), by id. */
export const recipientById = (db: Db, userId: number) => selectRecipient(db, eq(users.id, userId));

/** The same, by e-mail address. */
export const recipientByEmail = (db: Db, email: string) => selectRecipient(db, eq(users.email, email));

/** Marks a user's address verified now, unless it already is. */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** A user's role scope and company path (who a brand's sign-in rule admits), if the user exists. */
export async function signInScopeOf(db: Db, userId: number) {
  const [user] = await db
    .select({ scope: roles.scope, path: companies.path })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return user;
}
