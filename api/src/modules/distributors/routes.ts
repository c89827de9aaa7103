import { MAX_COMPANY_LEVEL } from '@fleetport/contracts/company-levels';
import { deletedSchema } from '@fleetport/contracts/envelope';
import {
  acceptCompanyInvitationSchema,
  companyInvitationAcceptedSchema,
  companyInvitationPreviewSchema,
  companyInvitationSchema,
  companyInvitationTokenSchema,
  inviteCompanySchema,
} from '@fleetport/contracts/users';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { canSeeCompany, levelOf } from '../companies/scope.ts';
import { brandIdOf, type MailLocale } from '../mail/mailer.ts';
import { localeOf, userWithEmailExists } from '../users/invitation-queries.ts';
import {
  acceptInvitation,
  companyById,
  deleteInvitation,
  insertInvitation,
  invitationById,
  listInvitations,
  openInvitation,
  subsidiaryNamed,
  toInvitation,
} from './queries.ts';

/** The console page a company invitation opens (web: features/auth/AcceptCompanyInvitationPage). */
export const ACCEPT_COMPANY_INVITATION_PAGE = '/account/accept-company-invitation';

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
 * accepting creates that company and its first admin in one transaction. SQL: queries.ts.
 */
export function registerDistributorRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, mail } = deps;

  registry.add(router, {
    method: 'get',
    path: '/distributors/invitations',
    summary: 'Open company invitations from the companies the caller sees.',
    tag: 'companies',
    access: { permission: 'manage_companies' },
    response: z.array(companyInvitationSchema),
    handler: async ({ auth }) => ({ data: await listInvitations(db, auth) }),
  });

  registry.add(router, {
    method: 'post',
    path: '/distributors/invitations',
    summary: "Invites an address to create a company under the caller's company (spec §7).",
    tag: 'companies',
    access: { permission: 'manage_companies' },
    event: 'company.invite',
    body: inviteCompanySchema,
    response: companyInvitationSchema,
    statuses: { 422: 'The address is a user or invited already, or the tree is at its last level' },
    handler: async ({ req, auth, body }) => {
      const parent = await companyById(db, auth.companyId);
      if (!parent) throw forbidden();
      if (levelOf(parent.depth) >= MAX_COMPANY_LEVEL) {
        throw fieldError(
          'email',
          `A company can have at most ${MAX_COMPANY_LEVEL} levels; yours is at the last level.`,
        );
      }
      if (await userWithEmailExists(db, body.email)) {
        throw fieldError('email', 'A user with this e-mail address already exists.');
      }
      const locale = await localeOf(db, auth.userId);
      const created = await insertInvitation(db, {
        parentCompanyId: parent.id,
        email: body.email,
        invitedBy: auth.actorUserId ?? auth.userId,
        locale,
      });
      if (!created) throw fieldError('email', 'This address has been invited already.');
      await mail.send({
        to: body.email,
        kind: 'company_invitation',
        locale: locale as MailLocale,
        brandId: brandIdOf(req),
        linkPath: `${ACCEPT_COMPANY_INVITATION_PAGE}?token=${created.token}`,
        values: { inviter: auth.email, company_name: parent.name },
      });
      const row = await invitationById(db, created.id);
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
    event: 'company.invite_withdraw',
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const row = await invitationById(db, params.id);
      if (!row || !canSeeCompany(auth, row.parent)) throw forbidden();
      await deleteInvitation(db, row.invitation.id);
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
      const row = await openInvitation(db, body.token);
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
    event: 'company.invite_accept',
    body: acceptCompanyInvitationSchema,
    response: companyInvitationAcceptedSchema,
    statuses: {
      422: 'The link is invalid or used (source: token), the name is taken (company_name) or the password breaks the rule',
    },
    handler: async ({ body }) => {
      const row = await openInvitation(db, body.token);
      if (!row) throw invalidLink();
      assertPasswordPolicy(body.password, row.invitation.email);
      if (await subsidiaryNamed(db, row.parent.id, body.company_name))
        throw fieldError('company_name', 'A company with this name already exists under the same parent.');
      const passwordHash = await hashPassword(body.password);
      const created = await acceptInvitation(db, row, body.token, {
        companyName: body.company_name,
        username: body.username,
        passwordHash,
      });
      if (!created) throw invalidLink();
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
