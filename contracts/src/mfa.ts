import { z } from 'zod';
import { textSchema } from './fields.ts';

/**
 * Multi-factor authentication (spec §3, §7): the enrolment calls and the step-up fields every
 * call that may answer MFA_REQUIRED takes, one definition for the console and the API.
 */

/** The second factors: an authenticator app (TOTP) or codes by e-mail. */
export const MFA_TYPES = ['totp', 'email'] as const;
export type MfaType = (typeof MFA_TYPES)[number];
export const mfaTypeSchema = z.enum(MFA_TYPES);

/** A code typed in: an authenticator's or an e-mailed one (6 digits), with room for spaces. */
export const MFA_CODE_MAX_LENGTH = 16;
/** A step-up code as resubmitted (`session_code`): an MFA code or an identity provider's. */
export const SESSION_CODE_MAX_LENGTH = 32;

/**
 * The repeated call after MFA_REQUIRED (spec §7 "MFA resubmit"): the code, and the challenge it
 * answers (`session_uuid`, or `session_id`). Spread into the body of each call that may ask.
 */
export const mfaSubmissionFields = {
  session_code: textSchema().max(SESSION_CODE_MAX_LENGTH).optional(),
  session_uuid: z.uuid().optional(),
  session_id: z.uuid().optional(),
};
export type MfaSubmission = { session_code?: string; session_uuid?: string; session_id?: string };

/** POST /account/mfa/totp/enable: the first code of the authenticator app. */
export const enableTotpSchema = z.object({
  code: textSchema().min(1, 'is required').max(MFA_CODE_MAX_LENGTH),
  ...mfaSubmissionFields,
});

/** POST /account/mfa/email/enable and DELETE /account/mfa: only the step-up fields. */
export const mfaStepUpSchema = z.object(mfaSubmissionFields);

/** POST /account/mfa/totp/setup: the new secret, its otpauth:// URL and a QR code of it. */
export const totpSetupSchema = z.object({
  secret: z.string().describe('base32'),
  otpauth_url: z.string(),
  qr_svg: z.string().describe('an SVG document'),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** The account's factor after an enable or a disable. */
export const mfaStateSchema = z.object({ mfa_type: mfaTypeSchema.nullable() });
export type MfaState = z.infer<typeof mfaStateSchema>;
