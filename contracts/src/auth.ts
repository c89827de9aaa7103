import { z } from 'zod';
import { hasControlCharacter, hasLoneSurrogate, textSchema } from './fields.ts';
import { mfaSubmissionFields } from './mfa.ts';
import { PASSWORD_MAX_UNITS } from './password.ts';
import { EMAIL_MAX_LENGTH, LINK_TOKEN_MAX_LENGTH } from './user-limits.ts';

/**
 * The account calls (spec §3, §7): sign-in, tokens, logout, password confirmation and change,
 * and the e-mail flows (verification, password reset), one definition for the console and the
 * API. Messages are the API's (English).
 */

const email = z
  .string()
  .trim()
  .toLowerCase()
  .email('must be an e-mail address')
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`);
const token = textSchema({ trim: false }).min(1, 'is required').max(LINK_TOKEN_MAX_LENGTH);
const password = z.string().min(1, 'is required').max(PASSWORD_MAX_UNITS);

/** POST /account/login; repeated with the step-up fields after MFA_REQUIRED. */
export const loginSchema = z.object({ email, password, ...mfaSubmissionFields });
export type Login = z.output<typeof loginSchema>;

/** POST /account/login: who signed in, and when the access token expires (seconds since the epoch). */
export const loginAnswerSchema = z.object({ id: z.number(), email: z.string(), exp: z.number() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /account/token/refresh: the cookies carry the new tokens. */
export const tokenRefreshedSchema = z.object({ refreshed: z.literal(true) });
export type TokenRefreshed = z.infer<typeof tokenRefreshedSchema>;

/**
 * Logout always happens: a value it cannot use (not text, too long, control characters) is
 * dropped, as an unknown redirect_uri is, never refused with the session left open.
 */
const usableOrDropped = (max: number) =>
  z
    .unknown()
    .transform((value) =>
      typeof value === 'string' &&
      value.length <= max &&
      !hasControlCharacter(value) &&
      !hasLoneSurrogate(value)
        ? value
        : undefined,
    )
    .optional();

/** POST /account/token/revoke (logout): where to go next, followed on our own origin only. */
export const logoutSchema = z.object({
  client_id: usableOrDropped(200),
  redirect_uri: usableOrDropped(2000),
});

/** POST /account/token/revoke: the location to go to (also in the Location header). */
export const logoutAnswerSchema = z.object({ location: z.string() });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

/** POST /password-confirmation (after a 423). */
export const passwordConfirmationSchema = z.object({ password });

/** POST /password-confirmation: until when sensitive calls pass without asking again. */
export const passwordConfirmedSchema = z.object({ confirmed_until: z.string().describe('UTC') });
export type PasswordConfirmed = z.infer<typeof passwordConfirmedSchema>;

/** POST /account/sessions/revoke-others: how many other sessions ended. */
export const sessionsRevokedSchema = z.object({ revoked: z.number() });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;

/** PUT /account/password: the current password, the new one, and the step-up fields. */
export const changePasswordSchema = z.object({
  current_password: password,
  password,
  ...mfaSubmissionFields,
});

/** PUT /account/password. */
export const passwordChangedSchema = z.object({ changed: z.literal(true) });
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** POST /account/user/activation/resend: a verification e-mail went out. */
export const activationSentSchema = z.object({ sent: z.literal(true) });
export type ActivationSent = z.infer<typeof activationSentSchema>;

/** POST /account/email/verify: the token of a verification link. */
export const verifyEmailSchema = z.object({ token });

/** POST /account/email/verify. */
export const emailVerifiedSchema = z.object({ verified: z.literal(true) });
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** POST /account/password/forgot. */
export const forgotPasswordSchema = z.object({ email });

/** POST /account/password/forgot: the same answer whether or not the address has an account. */
export const forgotPasswordAcceptedSchema = z.object({ accepted: z.literal(true) });
export type ForgotPasswordAccepted = z.infer<typeof forgotPasswordAcceptedSchema>;

/** POST /account/password/reset: the token of a reset link and the new password (rule: password.ts). */
export const resetPasswordSchema = z.object({ token, password: z.string().max(PASSWORD_MAX_UNITS) });

/** POST /account/password/reset. */
export const passwordResetSchema = z.object({ reset: z.literal(true) });
export type PasswordReset = z.infer<typeof passwordResetSchema>;
