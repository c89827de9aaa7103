import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';

/**
 * The user and invitation forms of spec §5, one definition for the console and the API
 * ("Invite user: company and email required. Role is chosen from the allowed list.").
 * Messages are the API's (English); the console words each rule itself.
 */

import { EMAIL_MAX_LENGTH, USERNAME_MAX_LENGTH } from './user-limits.ts';

export { EMAIL_MAX_LENGTH, INVITATION_LIFETIME_S, USERNAME_MAX_LENGTH } from './user-limits.ts';

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

/** POST /account/invitation/accept: the invitee's name and password, with the e-mailed token. */
export const acceptInvitationSchema = z.object({
  token: textSchema({ trim: false }).min(1, 'is required').max(200),
  username: textSchema()
    .min(1, 'is required')
    .max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`),
  password: z.string().min(1, 'is required').max(1024),
});

/** POST /distributors/invitations (spec §5 'Invite new company: email required'). */
export const inviteCompanySchema = z.object({ email: emailSchema });

/** POST /account/company-invitation/accept: the new company's name and its first admin. */
export const acceptCompanyInvitationSchema = acceptInvitationSchema.extend({
  company_name: textSchema()
    .min(1, 'is required')
    .min(3, 'must be at least 3 characters')
    .max(100, 'must be at most 100 characters'),
});
