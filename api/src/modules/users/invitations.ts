import { deletedSchema } from '@fleetport/contracts/envelope';
import { idSchema } from '@fleetport/contracts/fields';
import {
  acceptInvitationSchema,
  assignableRoleSchema,
  assignableRolesQuerySchema,
  invitationAcceptedSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteUserSchema,
  userInvitationSchema,
} from '@fleetport/contracts/users';
import type { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { listQuerySchema, pickFields } from '../../http/list-query.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import { assertPasswordPolicy } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { visibleCompanyById } from '../companies/scope.ts';
import { brandIdOf, type MailLocale } from '../mail/mailer.ts';
import { assignableRoles } from '../roles/queries.ts';
import {
  acceptInvitation,
  deleteInvitation,
  INVITATION_FIELDS,
  type InvitationRow,
  insertInvitation,
  invitationFor,
  listInvitations,
  localeOf,
  openInvitation,
  renewInvitationLink,
  toInvitation,
  userWithEmailExists,
} from './invitation-queries.ts';

/** The console page an invitation link opens (web: features/auth/AcceptInvitationPage). */
export const ACCEPT_INVITATION_PAGE = '/account/accept-invitation';

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
 * SQL: invitation-queries.ts.
 */
export function registerInvitationRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, mail, log } = deps;

  /** A new single-use link for the invitation, e-mailed; the previous link stops working. */
  const sendInvitation = async (
    row: InvitationRow,
    brandId: string | undefined,
    from: string,
  ): Promise<void> => {
    const token = await renewInvitationLink(db, row.invitation.id);
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
    query: listQuerySchema(INVITATION_FIELDS, { company_id: idSchema.optional() }),
    response: z.array(userInvitationSchema),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listInvitations(db, auth, query);
      return { data: pickFields(rows, query.fields), meta: { total } };
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
      const company = await visibleCompanyById(db, auth, query.company_id);
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
    event: 'user.invite',
    body: inviteUserSchema,
    response: userInvitationSchema,
    statuses: {
      422: 'The address is a user already or invited already, or the role is not one to give here',
    },
    handler: async ({ req, auth, body }) => {
      const company = await visibleCompanyById(db, auth, body.company_id);
      const allowed = await assignableRoles(db, auth, company.id);
      if (!allowed.some((role) => role.id === body.role)) {
        throw fieldError('role', 'You cannot give this role in this company.');
      }
      if (await userWithEmailExists(db, body.email)) {
        throw fieldError('email', 'A user with this e-mail address already exists.');
      }
      const inserted = await insertInvitation(db, {
        companyId: company.id,
        email: body.email,
        roleId: body.role,
        invitedBy: auth.actorUserId ?? auth.userId,
        locale: await localeOf(db, auth.userId),
      });
      if (inserted === undefined) {
        throw fieldError('email', 'This address has been invited already: resend or delete that invitation.');
      }
      const row = await invitationFor(db, auth, inserted);
      await sendInvitation(row, brandIdOf(req), auth.email);
      const data = toInvitation(await invitationFor(db, auth, row.invitation.id));
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
    event: 'user.invite_resend',
    params: idParam,
    response: userInvitationSchema,
    handler: async ({ req, auth, params }) => {
      const row = await invitationFor(db, auth, params.id);
      await sendInvitation(row, brandIdOf(req), auth.email);
      const data = toInvitation(await invitationFor(db, auth, params.id));
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
    event: 'user.invite_withdraw',
    params: idParam,
    response: deletedSchema,
    handler: async ({ auth, params }) => {
      const row = await invitationFor(db, auth, params.id);
      await deleteInvitation(db, row.invitation.id);
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
      const row = await openInvitation(db, body.token);
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
    event: 'user.join',
    body: acceptInvitationSchema,
    response: invitationAcceptedSchema,
    statuses: {
      422: 'The link is invalid, expired or used (source: token), or the password breaks the rule (source: password)',
    },
    handler: async ({ body }) => {
      const row = await openInvitation(db, body.token);
      if (!row) throw invalidLink();
      assertPasswordPolicy(body.password, row.invitation.email);
      const passwordHash = await hashPassword(body.password);
      const created = await acceptInvitation(db, row, body.token, { username: body.username, passwordHash });
      if (!created) throw invalidLink();
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
