import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';
import { mfaTypeSchema } from './mfa.ts';

/**
 * The user and invitation forms of spec §5, one definition for the console and the API
 * ("Invite user: company and email required. Role is chosen from the allowed list.").
 * Messages are the API's (English); the console words each rule itself.
 */

import { PASSWORD_MAX_UNITS } from './password.ts';
import {
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_NAME_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
  LINK_TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './user-limits.ts';

export {
  EMAIL_MAX_LENGTH,
  INVITATION_LIFETIME_S,
  LINK_TOKEN_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from './user-limits.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .email('must be an e-mail address');

/** POST /users/invite (spec §7): an address into a company, with a role it may be given there. */
export const inviteUserSchema = z.object({
  company_id: id,
  email: emailSchema,
  role: id,
});
export type InviteUser = z.output<typeof inviteUserSchema>;

/** PUT /users/{id}: the user's new role ('Edit user role', spec §2). */
export const changeUserRoleSchema = z.object({ role: id });

/** A row of GET /users, and the answer of PUT /users/{id}: the user with company and role. */
export const userListItemSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  role_id: z.number(),
  role_name: z.string(),
  role_title: z.string(),
  mfa_type: mfaTypeSchema.nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /user: every field of spec §3 "Current user". */
export const currentUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  company: z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable() }),
  role: z.object({ id: z.number(), name: z.string(), title: z.string() }),
  avatar_url: z.string().nullable(),
  mfa_type: mfaTypeSchema.nullable(),
  exp: z.number().describe('access token expiry, seconds since the epoch'),
  permissions: z.array(z.string()),
  country_iso_code: z.string().nullable(),
  company_id: z.number(),
  company_name: z.string(),
  role_title: z.string(),
  impersonation_access_limit: z.string().nullable().describe('UTC; only while in the future'),
  act: z.object({ id: z.number(), email: z.string() }).optional().describe('present while impersonating'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** An open invitation (GET /users/invitations rows, POST /users/invite, its resend). */
export const userInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  role_id: z.number(),
  role_title: z.string(),
  invited_by: z.string().nullable().describe("the inviter's e-mail address"),
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type UserInvitation = z.infer<typeof userInvitationSchema>;

/** GET /users/invite/roles?company_id=: a role the caller may give in that company. */
export const assignableRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  custom: z.boolean().describe("a company's custom role, not a built-in one"),
});
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** GET /users/invite/roles: the company the roles would be given in. */
export const assignableRolesQuerySchema = z.object({ company_id: id });

/** POST /account/invitation/accept: the invitee's name and password, with the e-mailed token. */
export const acceptInvitationSchema = z.object({
  token: textSchema({ trim: false }).min(1, 'is required').max(LINK_TOKEN_MAX_LENGTH),
  username: textSchema()
    .min(1, 'is required')
    .max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX_UNITS),
});

/** POST /account/invitation {token}: the link's token alone, to say what it invites to. */
export const invitationTokenSchema = acceptInvitationSchema.pick({ token: true });

/** POST /account/invitation: what the link invites to, for the acceptance page. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  company_name: z.string(),
  role_title: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /account/invitation/accept: the new user's address (now verified). */
export const invitationAcceptedSchema = z.object({ email: z.string() });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** POST /distributors/invitations (spec §5 'Invite new company: email required'). */
export const inviteCompanySchema = z.object({ email: emailSchema });

/** An open company invitation (GET /distributors/invitations rows, and POST's answer). */
export const companyInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  parent_company_id: z.number(),
  parent_company_name: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

/** POST /account/company-invitation/accept: the new company's name and its first admin. */
export const acceptCompanyInvitationSchema = acceptInvitationSchema.extend({
  company_name: textSchema()
    .min(1, 'is required')
    .min(COMPANY_NAME_MIN_LENGTH, `must be at least ${COMPANY_NAME_MIN_LENGTH} characters`)
    .max(COMPANY_NAME_MAX_LENGTH, `must be at most ${COMPANY_NAME_MAX_LENGTH} characters`),
});

/** POST /account/company-invitation {token}: the link's token alone. */
export const companyInvitationTokenSchema = acceptCompanyInvitationSchema.pick({ token: true });

/** POST /account/company-invitation: what the link invites to, for its page. */
export const companyInvitationPreviewSchema = z.object({
  email: z.string(),
  parent_company_name: z.string(),
});
export type CompanyInvitationPreview = z.infer<typeof companyInvitationPreviewSchema>;

/** POST /account/company-invitation/accept: the first admin's address and the new company. */
export const companyInvitationAcceptedSchema = z.object({ email: z.string(), company_id: z.number() });
export type CompanyInvitationAccepted = z.infer<typeof companyInvitationAcceptedSchema>;
