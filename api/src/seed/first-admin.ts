import { randomBytes } from 'node:crypto';
import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertCompany } from '../modules/companies/tree.ts';

export interface FirstAdmin {
  email: string;
  companyId: number;
  companyName: string;
  /** Set when the password was generated: shown once. */
  generatedPassword: string | undefined;
}

/**
 * A System Administrator for an install without the demo world: the root company (created
 * when the store has none) and a verified super_admin in it. Refuses an e-mail that exists.
 */
export async function createFirstAdmin(
  db: Db,
  options: { email: string; companyName: string; password?: string | undefined },
): Promise<FirstAdmin> {
  const email = options.email.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw new Error(`a user with the e-mail ${email} exists already`);
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? (generatedPassword as string));
  return db.transaction(async (tx) => {
    const [root] = await tx
      .select()
      .from(companies)
      .where(isNull(companies.parentId))
      .orderBy(companies.id)
      .limit(1);
    const company = root
      ? { id: root.id, name: root.name }
      : { id: (await insertCompany(tx, { name: options.companyName })).id, name: options.companyName };
    await tx.insert(users).values({
      email,
      username: email.split('@')[0] ?? email,
      passwordHash,
      companyId: company.id,
      roleId: BUILT_IN_ROLE_BY_NAME.get('super_admin')?.id as number,
      emailVerifiedAt: new Date(),
    });
    return { email, companyId: company.id, companyName: company.name, generatedPassword };
  });
}
