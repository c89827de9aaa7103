import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_LIFETIME_S, type UserInvitation } from '@fleetport/contracts/users';
import { and, asc, count, desc, eq, gt, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, roles, userInvitations, users } from '../../db/schema.ts';
import { fieldError, forbidden } from '../../http/errors.ts';
import { contains, type SortKey } from '../../http/list-query.ts';
import type { AuthContext } from '../auth/context.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import type { MailLocale } from '../mail/mailer.ts';

export const INVITATION_FIELDS = [
  'id',
  'email',
  'company_id',
  'company_name',
  'role_id',
  'role_title',
  'invited_by',
  'sent_at',
  'expires_at',
  'expired',
] as const;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const inviter = users;

const selectInvitations = (db: Db, where: SQL | undefined) =>
  db
    .select({
      invitation: userInvitations,
      companyName: companies.name,
      companyPath: companies.path,
      roleTitle: roles.title,
      invitedBy: inviter.email,
    })
    .from(userInvitations)
    .innerJoin(companies, eq(companies.id, userInvitations.companyId))
    .innerJoin(roles, eq(roles.id, userInvitations.roleId))
    .leftJoin(inviter, eq(inviter.id, userInvitations.invitedBy))
    .where(where)
    .$dynamic();
export type InvitationRow = Awaited<ReturnType<typeof selectInvitations>>[number];

/** An invitation as the API answers it. */
export const toInvitation = (row: InvitationRow): UserInvitation => ({
  id: row.invitation.id,
  email: row.invitation.email,
  company_id: row.invitation.companyId,
  company_name: row.companyName,
  role_id: row.invitation.roleId,
  role_title: row.roleTitle,
  invited_by: row.invitedBy,
  sent_at: row.invitation.sentAt.toISOString(),
  expires_at: row.invitation.expiresAt.toISOString(),
  expired: row.invitation.expiresAt.getTime() <= Date.now(),
});

/** An invitation into a company the caller sees; 403 alike for another tenant's and a missing one. */
export async function invitationFor(db: Db, auth: AuthContext, id: number): Promise<InvitationRow> {
  const [row] = await selectInvitations(db, eq(userInvitations.id, id));
  if (!row || !canSeeCompany(auth, { id: row.invitation.companyId, path: row.companyPath })) {
    throw forbidden();
  }
  return row;
}

/** A page of the open invitations into the companies the caller sees (newest first by default). */
export async function listInvitations(
  db: Db,
  auth: AuthContext,
  query: {
    q?: string;
    company_id?: number;
    sort: SortKey<(typeof INVITATION_FIELDS)[number]>[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: UserInvitation[]; total: number }> {
  const sortable = {
    id: userInvitations.id,
    email: userInvitations.email,
    company_id: userInvitations.companyId,
    company_name: companies.name,
    role_id: userInvitations.roleId,
    role_title: roles.title,
    invited_by: inviter.email,
    sent_at: userInvitations.sentAt,
    expires_at: userInvitations.expiresAt,
    expired: userInvitations.expiresAt,
  } satisfies Record<(typeof INVITATION_FIELDS)[number], unknown>;
  const conditions: SQL[] = [visibleCompanies(auth)];
  if (query.q) conditions.push(ilike(userInvitations.email, contains(query.q)));
  if (query.company_id !== undefined) conditions.push(eq(userInvitations.companyId, query.company_id));
  const where = and(...conditions);
  const order = query.sort.length
    ? query.sort.map((key) => (key.descending ? desc(sortable[key.field]) : asc(sortable[key.field])))
    : [desc(userInvitations.sentAt)];
  const [rows, [total]] = await Promise.all([
    selectInvitations(db, where)
      .orderBy(...order, asc(userInvitations.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(userInvitations)
      .innerJoin(companies, eq(companies.id, userInvitations.companyId))
      .where(where),
  ]);
  return { rows: rows.map(toInvitation), total: total?.value ?? 0 };
}

/** A new single-use link for an invitation, with a new expiry: the previous link stops working. */
export async function renewInvitationLink(db: Db, invitationId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db
    .update(userInvitations)
    .set({
      tokenHash: hashToken(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_S * 1000),
    })
    .where(eq(userInvitations.id, invitationId));
  return token;
}

/** Whether a user has this address already (the address as the schema normalised it). */
export async function userWithEmailExists(db: Db, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return existing !== undefined;
}

/** A user's language ('en' when the user is gone). */
export async function localeOf(db: Db, userId: number): Promise<(typeof users.$inferSelect)['locale']> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? 'en';
}

/**
 * A new invitation, without a usable link yet (renewInvitationLink gives it one); its id, or
 * undefined when the address has an open invitation already.
 */
export async function insertInvitation(
  db: Db,
  invitation: Pick<
    typeof userInvitations.$inferInsert,
    'companyId' | 'email' | 'roleId' | 'invitedBy' | 'locale'
  >,
): Promise<number | undefined> {
  const inserted = await db
    .insert(userInvitations)
    .values({
      ...invitation,
      // Replaced by renewInvitationLink before anyone can use it.
      tokenHash: hashToken(randomBytes(32).toString('base64url')),
      expiresAt: new Date(),
      sentAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: userInvitations.id });
  return inserted[0]?.id;
}

/** Withdraws an invitation. */
export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.delete(userInvitations).where(eq(userInvitations.id, id));
}

/** The open (unexpired) invitation a link's token belongs to. */
export async function openInvitation(db: Db, token: string): Promise<InvitationRow | undefined> {
  const [row] = await selectInvitations(
    db,
    and(eq(userInvitations.tokenHash, hashToken(token)), gt(userInvitations.expiresAt, new Date())),
  );
  return row;
}

/**
 * Uses an invitation up and creates its user (address verified), in one transaction: whoever
 * deletes the row first creates the user. The user's id, or undefined when the link was used
 * meanwhile; 422 on `token` when a user with the address exists.
 */
export async function acceptInvitation(
  db: Db,
  row: InvitationRow,
  token: string,
  user: { username: string; passwordHash: string },
): Promise<{ id: number } | undefined> {
  return db.transaction(async (tx) => {
    // One use: whoever deletes the row first creates the user.
    const [taken] = await tx
      .delete(userInvitations)
      .where(and(eq(userInvitations.id, row.invitation.id), eq(userInvitations.tokenHash, hashToken(token))))
      .returning({ id: userInvitations.id });
    if (!taken) return undefined;
    const [created] = await tx
      .insert(users)
      .values({
        email: row.invitation.email,
        username: user.username,
        passwordHash: user.passwordHash,
        companyId: row.invitation.companyId,
        roleId: row.invitation.roleId,
        emailVerifiedAt: new Date(),
        locale: row.invitation.locale as MailLocale,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw fieldError('token', 'A user with this e-mail address already exists.');
    return created;
  });
}
