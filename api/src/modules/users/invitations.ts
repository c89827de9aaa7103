import { createHash, randomBytes } from 'node:crypto';
import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema } from '@fleetport/contracts/fields';
import {
  acceptInvitationSchema,
  assignableRoleSchema,
  assignableRolesQuerySchema,
  INVITATION_LIFETIME_S,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteUserSchema,
  userInvitationSchema,
} from '@fleetport/contracts/users';
import { and, asc, count, desc, eq, gt, ilike, type SQL, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, roles, userInvitations, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError, forbidden } from '../../http/errors.ts';
import { contains, listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { canSeeCompany, visibleCompanies } from '../companies/scope.ts';
import { brandIdOf, type MailLocale } from '../mail/mailer.ts';
import { assignableRoles } from '../roles/roles.ts';

/** The console page an invitation link opens (web: features/auth/AcceptInvitationPage). */
export const ACCEPT_INVITATION_PAGE = '/account/accept-invitation';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const FIELDS = [
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

const listQuery = listQuerySchema(FIELDS, {
  company_id: idSchema.optional(),
});

const invalidLink = () =>
  new ApiError(422, [
    {
      code: 'INVALID_TOKEN',
      message: 'This invitation link is invalid, expired or already used.',
      source: 'token',
    },
  ]);

/**
 * Invitations (spec §2 'Invite new user', §5, §6, §7 POST /users/invite): an address
 * invited into a company the caller sees, with a role the caller may give there; the branded
 * e-mail's link (the brand's base URL) opens the acceptance page, where the invitee chooses a
 * name and a password and becomes a user of that company, address verified.
 */
export function registerInvitationRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, mail, log } = deps;
  const inviter = users;

  const selectInvitations = (where: SQL | undefined) =>
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
  type Row = Awaited<ReturnType<typeof selectInvitations>>[number];

  const toInvitation = (row: Row) => ({
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

  const invitationFor = async (auth: AuthContext, id: number): Promise<Row> => {
    const [row] = await selectInvitations(eq(userInvitations.id, id));
    if (!row || !canSeeCompany(auth, { id: row.invitation.companyId, path: row.companyPath })) {
      throw forbidden();
    }
    return row;
  };

  /** A new single-use link for the invitation, e-mailed; the previous link stops working. */
  const sendInvitation = async (row: Row, brandId: string | undefined, from: string): Promise<void> => {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await db
      .update(userInvitations)
      .set({
        tokenHash: hashToken(token),
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_S * 1000),
      })
      .where(eq(userInvitations.id, row.invitation.id));
    await mail.send({
      to: row.invitation.email,
      kind: 'user_invitation',
      locale: row.invitation.locale as MailLocale,
      brandId,
      linkPath: `${ACCEPT_INVITATION_PAGE}?token=${token}`,
      values: { inviter: from, company_name: row.companyName, role: row.roleTitle },
    });
  };

  registry.add(router, {
    method: 'get',
    path: '/users/invitations',
    summary: 'Open invitations into the companies the caller may see, newest first by default.',
    tag: 'users',
    access: { permission: 'view_user_invitations' },
    query: listQuery,
    response: z.array(userInvitationSchema),
    handler: async ({ auth, query }) => {
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
      } satisfies Record<(typeof FIELDS)[number], unknown>;
      const conditions: SQL[] = [visibleCompanies(auth)];
      if (query.q) conditions.push(ilike(userInvitations.email, contains(query.q)));
      if (query.company_id !== undefined) conditions.push(eq(userInvitations.companyId, query.company_id));
      const where = and(...conditions);
      const order = query.sort.length
        ? query.sort.map((key) => (key.descending ? desc(sortable[key.field]) : asc(sortable[key.field])))
        : [desc(userInvitations.sentAt)];
      const [rows, [total]] = await Promise.all([
        selectInvitations(where)
          .orderBy(...order, asc(userInvitations.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ value: count() })
          .from(userInvitations)
          .innerJoin(companies, eq(companies.id, userInvitations.companyId))
          .where(where),
      ]);
      return { data: pickFields(rows.map(toInvitation), query.fields), meta: { total: total?.value ?? 0 } };
    },
  });

  registry.add(router, {
    method: 'get',
    path: '/users/invite/roles',
    summary:
      "The roles the caller may give in a company (spec §6: the inviter's built-in roles plus the company's custom roles).",
    tag: 'users',
    access: { permission: 'manage_user_invitations' },
    query: assignableRolesQuerySchema,
    response: z.array(assignableRoleSchema),
    handler: async ({ auth, query }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, query.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      const allowed = await assignableRoles(db, auth, company.id);
      return {
        data: allowed.map((role) => ({
          id: role.id,
          name: role.name,
          title: role.title,
          custom: !role.builtIn,
        })),
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/users/invite',
    summary: 'Invites an address into a company with a role (spec §7); the invitee gets a branded e-mail.',
    tag: 'users',
    access: { permission: 'manage_user_invitations' },
    body: inviteUserSchema,
    response: userInvitationSchema,
    statuses: {
      422: 'The address is a user already or invited already, or the role is not one to give here',
    },
    handler: async ({ req, auth, body }) => {
      const [company] = await db.select().from(companies).where(eq(companies.id, body.company_id));
      if (!company || !canSeeCompany(auth, company)) throw forbidden();
      const allowed = await assignableRoles(db, auth, company.id);
      if (!allowed.some((role) => role.id === body.role)) {
        throw fieldError('role', 'You cannot give this role in this company.');
      }
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email}`);
      if (existing) throw fieldError('email', 'A user with this e-mail address already exists.');
      const [inviting] = await db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.id, auth.userId));
      const inserted = await db
        .insert(userInvitations)
        .values({
          companyId: company.id,
          email: body.email,
          roleId: body.role,
          // Replaced by sendInvitation before anyone can use it.
          tokenHash: hashToken(randomBytes(32).toString('base64url')),
          invitedBy: auth.actorUserId ?? auth.userId,
          locale: inviting?.locale ?? 'en',
          expiresAt: new Date(),
          sentAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: userInvitations.id });
      if (inserted.length === 0) {
        throw fieldError('email', 'This address has been invited already: resend or delete that invitation.');
      }
      const row = await invitationFor(auth, inserted[0]?.id ?? 0);
      await sendInvitation(row, brandIdOf(req), auth.email);
      const data = toInvitation(await invitationFor(auth, row.invitation.id));
      return {
        status: 201,
        data,
        audit: { entity: 'user_invitation', entityId: String(data.id), companyId: company.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/users/invitations/:id/resend',
    summary: 'Sends the invitation again with a new link (the old one stops working) and a new expiry.',
    tag: 'users',
    access: { permission: 'manage_user_invitations' },
    params: idParam,
    response: userInvitationSchema,
    handler: async ({ req, auth, params }) => {
      const row = await invitationFor(auth, params.id);
      await sendInvitation(row, brandIdOf(req), auth.email);
      const data = toInvitation(await invitationFor(auth, params.id));
      return {
        data,
        audit: {
          entity: 'user_invitation',
          entityId: String(data.id),
          companyId: data.company_id,
          after: data,
        },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/users/invitations/:id',
    summary: 'Withdraws an invitation: its link stops working.',
    tag: 'users',
    access: { permission: 'manage_user_invitations' },
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const row = await invitationFor(auth, params.id);
      await db.delete(userInvitations).where(eq(userInvitations.id, row.invitation.id));
      return {
        data: { deleted: true },
        audit: {
          entity: 'user_invitation',
          entityId: String(row.invitation.id),
          companyId: row.invitation.companyId,
          before: toInvitation(row),
          after: undefined,
        },
      };
    },
  });

  const openInvitation = async (token: string) => {
    const [row] = await selectInvitations(
      and(eq(userInvitations.tokenHash, hashToken(token)), gt(userInvitations.expiresAt, new Date())),
    );
    return row;
  };

  registry.add(router, {
    method: 'post',
    path: '/account/invitation',
    summary: 'What an invitation link invites to (address, company, role), for the acceptance page.',
    tag: 'account',
    access: { public: true },
    body: invitationTokenSchema,
    response: invitationPreviewSchema,
    statuses: { 422: 'The link is invalid, expired or already used (source: token)' },
    handler: async ({ body }) => {
      const row = await openInvitation(body.token);
      if (!row) throw invalidLink();
      return {
        data: { email: row.invitation.email, company_name: row.companyName, role_title: row.roleTitle },
        audit: false,
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/invitation/accept',
    summary:
      'Accepts an invitation: the invitee becomes a user of the company with the role, address verified; the link is used up.',
    tag: 'account',
    access: { public: true },
    body: acceptInvitationSchema,
    response: invitationAcceptedSchema,
    statuses: {
      422: 'The link is invalid, expired or used (source: token), or the password breaks the rule (source: password)',
    },
    handler: async ({ body }) => {
      const row = await openInvitation(body.token);
      if (!row) throw invalidLink();
      assertPasswordPolicy(body.password, row.invitation.email);
      const passwordHash = await hashPassword(body.password);
      const created = await db.transaction(async (tx) => {
        // One use: whoever deletes the row first creates the user.
        const [taken] = await tx
          .delete(userInvitations)
          .where(
            and(
              eq(userInvitations.id, row.invitation.id),
              eq(userInvitations.tokenHash, hashToken(body.token)),
            ),
          )
          .returning({ id: userInvitations.id });
        if (!taken) throw invalidLink();
        const [user] = await tx
          .insert(users)
          .values({
            email: row.invitation.email,
            username: body.username,
            passwordHash,
            companyId: row.invitation.companyId,
            roleId: row.invitation.roleId,
            emailVerifiedAt: new Date(),
            locale: row.invitation.locale as MailLocale,
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!user) throw fieldError('token', 'A user with this e-mail address already exists.');
        return user;
      });
      log.info({ userId: created.id }, 'invitation accepted');
      return {
        status: 201,
        data: { email: row.invitation.email },
        audit: {
          entity: 'user',
          entityId: String(created.id),
          companyId: row.invitation.companyId,
          after: { email: row.invitation.email, role: row.roleTitle },
        },
      };
    },
  });
}
