import { z } from 'zod';
import { textSchema } from './fields.ts';
import { mfaSubmissionFields } from './mfa.ts';
import { LINK_TOKEN_MAX_LENGTH } from './user-limits.ts';

/**
 * Impersonation (spec §2/§3): an admin asks, the user grants access for 24 hours, the admin
 * starts a session as the user (its tokens carry an `act` claim) and cancels it to return.
 */

/** POST /users/{id}/impersonation/request: the user was e-mailed a link to grant access. */
export const impersonationRequestedSchema = z.object({ requested: z.literal(true), email: z.string() });
export type ImpersonationRequested = z.infer<typeof impersonationRequestedSchema>;

/** The path of POST /users/confirm-impersonation-access/{token} (the e-mailed link). */
export const impersonationGrantParamsSchema = z.object({
  token: textSchema({ trim: false }).min(16).max(LINK_TOKEN_MAX_LENGTH),
});

/** The grant's end: the answer of the confirmation and of DELETE /account/impersonation-access. */
export const impersonationAccessSchema = z.object({
  impersonation_access_limit: z.string().nullable().describe('UTC; null when no access is granted'),
});
export type ImpersonationAccess = z.infer<typeof impersonationAccessSchema>;

/** POST /users/{id}/impersonate: only the step-up fields (MFA_REQUIRED when the admin has MFA). */
export const startImpersonationSchema = z.object(mfaSubmissionFields);

/** POST /users/{id}/impersonate: whom the new session acts as, and until when. */
export const impersonationStartedSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  impersonation_access_limit: z.string(),
});
export type ImpersonationStarted = z.infer<typeof impersonationStartedSchema>;

/** POST /account/impersonation/cancel: where the console goes, and whether the admin's session is back. */
export const impersonationCancelledSchema = z.object({ location: z.string(), restored: z.boolean() });
export type ImpersonationCancelled = z.infer<typeof impersonationCancelledSchema>;
