import { createHash, randomBytes } from 'node:crypto';
import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import { type CompanyInvitation, INVITATION_LIFETIME_S } from '@fleetport/contracts/users';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyInvitations, users } from '../../db/schema.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import { visibleCompanies } from '../companies/scope.ts';
import { insertCompany } from '../companies/tree.ts';
import type { MailLocale } from '../mail/mailer.ts';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const selectInvitations = (db: Db) =>
  db
    .select({ invitation: companyInvitations, parent: companies })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.parentCompanyId))
    .$dynamic();
export type CompanyInvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

/** A company invitation as the API answers it. */
export const toInvitation = (row: CompanyInvitationRow): CompanyInvitation => ({
  id: row.invitation.id,
  email: row.invitation.email,
  parent_company_id: row.parent.id,
  parent_company_name: row.parent.name,
  expires_at: row.invitation.expiresAt.toISOString(),
  created_at: row.invitation.createdAt.toISOString(),
});

/** The open company invitations from the companies the caller sees, newest first (at most 100). */
export async function listInvitations(db: Db, auth: AuthContext): Promise<CompanyInvitation[]> {
  const rows = await selectInvitations(db)
    .where(visibleCompanies(auth))
    .orderBy(desc(companyInvitations.id))
    .limit(100);
  return rows.map(toInvitation);
}

/** A company invitation with its parent company, whoever may see it. */
export async function invitationById(db: Db, id: number): Promise<CompanyInvitationRow | undefined> {
  const [row] = await selectInvitations(db).where(eq(companyInvitations.id, id));
  return row;
}

/** A company by id. */
export async function companyById(db: Db, id: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  return company;
}

/**
 * A new company invitation with a fresh single-use link; its id and the link's token, or
 * undefined when the address has an open invitation already.
 */
export async function insertInvitation(
  db: Db,
  invitation: Pick<
    typeof companyInvitations.$inferInsert,
    'parentCompanyId' | 'email' | 'invitedBy' | 'locale'
  >,
): Promise<{ id: number; token: string } | undefined> {
  const token = randomBytes(32).toString('base64url');
  const [created] = await db
    .insert(companyInvitations)
    .values({
      ...invitation,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_S * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: companyInvitations.id });
  return created ? { id: created.id, token } : undefined;
}

/** Withdraws a company invitation. */
export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.delete(companyInvitations).where(eq(companyInvitations.id, id));
}

/** The open (unexpired) company invitation a link's token belongs to. */
export async function openInvitation(db: Db, token: string): Promise<CompanyInvitationRow | undefined> {
  const [row] = await selectInvitations(db).where(
    and(eq(companyInvitations.tokenHash, hashToken(token)), gt(companyInvitations.expiresAt, new Date())),
  );
  return row;
}

/** Whether a company has a direct subsidiary of this name (case aside). */
export async function subsidiaryNamed(db: Db, parentId: number, name: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.parentId, parentId), sql`lower(${companies.name}) = lower(${name})`));
  return taken !== undefined;
}

/**
 * Uses a company invitation up, creates the company under the inviter's and its first admin
 * (address verified), in one transaction: whoever deletes the invitation first creates them.
 * Undefined when the link was used meanwhile; 422 on `token` when a user with the address exists.
 */
export async function acceptInvitation(
  db: Db,
  row: CompanyInvitationRow,
  token: string,
  accepted: { companyName: string; username: string; passwordHash: string },
): Promise<{ companyId: number; userId: number } | undefined> {
  const admin = BUILT_IN_ROLE_BY_NAME.get('admin')?.id as number;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(companyInvitations)
      .where(
        and(eq(companyInvitations.id, row.invitation.id), eq(companyInvitations.tokenHash, hashToken(token))),
      )
      .returning({ id: companyInvitations.id });
    if (!used) return undefined;
    const company = await insertCompany(tx, { name: accepted.companyName, parent: row.parent });
    const [user] = await tx
      .insert(users)
      .values({
        email: row.invitation.email,
        username: accepted.username,
        passwordHash: accepted.passwordHash,
        companyId: company.id,
        roleId: admin,
        emailVerifiedAt: new Date(),
        locale: row.invitation.locale as MailLocale,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw fieldError('token', 'A user with this e-mail address already exists.');
    return { companyId: company.id, userId: user.id };
  });
}
