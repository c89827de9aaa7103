import { createHash, randomBytes } from 'node:crypto';
import { MAX_COMPANY_LEVEL } from '@fleetport/contracts/company-levels';
import { deletedSchema } from '@fleetport/contracts/envelope';
import { BUILT_IN_ROLE_BY_NAME } from '@fleetport/contracts/roles';
import {
  acceptCompanyInvitationSchema,
  companyInvitationAcceptedSchema,
  companyInvitationPreviewSchema,
  companyInvitationSchema,
  companyInvitationTokenSchema,
  INVITATION_LIFETIME_S,
  inviteCompanySchema,
} from '@fleetport/contracts/users';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { companies, companyInvitations, users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { canSeeCompany, levelOf, visibleCompanies } from '../companies/scope.ts';
import { insertCompany } from '../companies/tree.ts';
import { brandIdOf, type MailLocale } from '../mail/mailer.ts';

/** The console page a company invitation opens (web: features/auth/AcceptCompanyInvitationPage). */
export const ACCEPT_COMPANY_INVITATION_PAGE = '/account/accept-company-invitation';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

const invalidLink = () =>
  new ApiError(422, [
    {
      code: 'INVALID_TOKEN',
      message: 'This invitation link is invalid, expired or already used.',
      source: 'token',
    },
  ]);

/**
 * Distributors (spec §2 'Invite new company', §5, §7 POST /distributors/invitations):
 * a company manager invites an address to run a company of its own under the manager's company;
 * accepting creates that company and its first admin in one transaction.
 */
export function registerDistributorRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, mail } = deps;

  const selectInvitations = () =>
    db
      .select({ invitation: companyInvitations, parent: companies })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.parentCompanyId))
      .$dynamic();
  type Row = Awaited<ReturnType<typeof selectInvitations>>[number];
  const toInvitation = (row: Row) => ({
    id: row.invitation.id,
    email: row.invitation.email,
    parent_company_id: row.parent.id,
    parent_company_name: row.parent.name,
    expires_at: row.invitation.expiresAt.toISOString(),
    created_at: row.invitation.createdAt.toISOString(),
  });

  registry.add(router, {
    method: 'get',
    path: '/distributors/invitations',
    summary: 'Open company invitations from the companies the caller sees.',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    response: z.array(companyInvitationSchema),
    handler: async ({ auth }) => {
      const rows = await selectInvitations()
        .where(visibleCompanies(auth))
        .orderBy(desc(companyInvitations.id))
        .limit(100);
      return { data: rows.map(toInvitation) };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/distributors/invitations',
    summary: "Invites an address to create a company under the caller's company (spec §7).",
    tag: 'companies',
    access: { permission: 'manage_companies' },
    body: inviteCompanySchema,
    response: companyInvitationSchema,
    statuses: { 422: 'The address is a user or invited already, or the tree is at its last level' },
    handler: async ({ req, auth, body }) => {
      const [parent] = await db.select().from(companies).where(eq(companies.id, auth.companyId));
      if (!parent) throw forbidden();
      if (levelOf(parent.depth) >= MAX_COMPANY_LEVEL) {
        throw fieldError(
          'email',
          `A company can have at most ${MAX_COMPANY_LEVEL} levels; yours is at the last level.`,
        );
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
      const token = randomBytes(32).toString('base64url');
      const [created] = await db
        .insert(companyInvitations)
        .values({
          parentCompanyId: parent.id,
          email: body.email,
          tokenHash: hashToken(token),
          invitedBy: auth.actorUserId ?? auth.userId,
          locale: inviting?.locale ?? 'en',
          expiresAt: new Date(Date.now() + INVITATION_LIFETIME_S * 1000),
        })
        .onConflictDoNothing()
        .returning({ id: companyInvitations.id });
      if (!created) throw fieldError('email', 'This address has been invited already.');
      await mail.send({
        to: body.email,
        kind: 'company_invitation',
        locale: (inviting?.locale ?? 'en') as MailLocale,
        brandId: brandIdOf(req),
        linkPath: `${ACCEPT_COMPANY_INVITATION_PAGE}?token=${token}`,
        values: { inviter: auth.email, company_name: parent.name },
      });
      const [row] = await selectInvitations().where(eq(companyInvitations.id, created.id));
      if (!row) throw new Error('invitation not found after insert');
      const data = toInvitation(row);
      return {
        status: 201,
        data,
        audit: { entity: 'company_invitation', entityId: String(data.id), companyId: parent.id, after: data },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/distributors/invitations/:id',
    summary: 'Withdraws a company invitation: its link stops working.',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const [row] = await selectInvitations().where(eq(companyInvitations.id, params.id));
      if (!row || !canSeeCompany(auth, row.parent)) throw forbidden();
      await db.delete(companyInvitations).where(eq(companyInvitations.id, row.invitation.id));
      return {
        data: { deleted: true },
        audit: {
          entity: 'company_invitation',
          entityId: String(row.invitation.id),
          companyId: row.parent.id,
          before: toInvitation(row),
          after: undefined,
        },
      };
    },
  });

  const openInvitation = async (token: string): Promise<Row | undefined> =>
    (
      await selectInvitations().where(
        and(eq(companyInvitations.tokenHash, hashToken(token)), gt(companyInvitations.expiresAt, new Date())),
      )
    )[0];

  registry.add(router, {
    method: 'post',
    path: '/account/company-invitation',
    summary: 'What a company invitation link invites to (address, parent company), for its page.',
    tag: 'account',
    access: { public: true },
    body: companyInvitationTokenSchema,
    response: companyInvitationPreviewSchema,
    statuses: { 422: 'The link is invalid, expired or already used (source: token)' },
    handler: async ({ body }) => {
      const row = await openInvitation(body.token);
      if (!row) throw invalidLink();
      return { data: { email: row.invitation.email, parent_company_name: row.parent.name }, audit: false };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/company-invitation/accept',
    summary:
      'Accepts a company invitation: the company is created under the inviter’s and the invitee becomes its first admin.',
    tag: 'account',
    access: { public: true },
    body: acceptCompanyInvitationSchema,
    response: companyInvitationAcceptedSchema,
    statuses: {
      422: 'The link is invalid or used (source: token), the name is taken (company_name) or the password breaks the rule',
    },
    handler: async ({ body }) => {
      const row = await openInvitation(body.token);
      if (!row) throw invalidLink();
      assertPasswordPolicy(body.password, row.invitation.email);
      const [taken] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            eq(companies.parentId, row.parent.id),
            sql`lower(${companies.name}) = lower(${body.company_name})`,
          ),
        );
      if (taken)
        throw fieldError('company_name', 'A company with this name already exists under the same parent.');
      const passwordHash = await hashPassword(body.password);
      const admin = BUILT_IN_ROLE_BY_NAME.get('admin')?.id as number;
      const created = await db.transaction(async (tx) => {
        const [used] = await tx
          .delete(companyInvitations)
          .where(
            and(
              eq(companyInvitations.id, row.invitation.id),
              eq(companyInvitations.tokenHash, hashToken(body.token)),
            ),
          )
          .returning({ id: companyInvitations.id });
        if (!used) throw invalidLink();
        const company = await insertCompany(tx, { name: body.company_name, parent: row.parent });
        const [user] = await tx
          .insert(users)
          .values({
            email: row.invitation.email,
            username: body.username,
            passwordHash,
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
      return {
        status: 201,
        data: { email: row.invitation.email, company_id: created.companyId },
        audit: {
          entity: 'company',
          entityId: String(created.companyId),
          companyId: created.companyId,
          after: { name: body.company_name, parent_id: row.parent.id, admin: row.invitation.email },
        },
      };
    },
  });
}
