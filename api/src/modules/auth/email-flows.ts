import {
  activationSentSchema,
  emailVerifiedSchema,
  forgotPasswordAcceptedSchema,
  forgotPasswordSchema,
  passwordResetSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@fleetport/contracts/auth';
import type { Request, Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { brandIdOf, type MailLocale } from '../mail/mailer.ts';
import { MAIL_LIFETIMES_S } from '../mail/templates.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import { markEmailVerified, recipientByEmail, recipientById, setPasswordHash } from './queries.ts';

/** Where the console opens the links (the console's pages; the API takes the token by POST). */
export const VERIFY_EMAIL_PAGE = '/account/verify-email';
export const RESET_PASSWORD_PAGE = '/account/reset-password';

/** At most one verification e-mail per user per this many seconds. */
const RESEND_INTERVAL_S = 60;
/** Reset requests per LOGIN_WINDOW_S: per e-mail address and IP, and per IP across addresses. */
const RESET_REQUESTS_PER_ACCOUNT = 5;
const RESET_REQUESTS_PER_IP = 50;

const invalidLink = () =>
  fieldError('token', 'This link is invalid, expired or already used. Ask for a new one.', 'INVALID_TOKEN');

/** The audit entry of a call about one user: whom it concerned, never its token or password. */
const userAudit = (user: { id: number; companyId: number }, after?: Record<string, unknown>) => ({
  actorUserId: undefined,
  userId: user.id,
  companyId: user.companyId,
  entity: 'user',
  entityId: String(user.id),
  after,
});

interface Recipient {
  id: number;
  email: string;
  locale: MailLocale;
}

/** Sends a verification link to the user's current address (the token remembers which). */
export async function sendVerificationLink(
  deps: Pick<ApiDeps, 'accountTokens' | 'mail'>,
  user: Recipient,
  brandId: string | undefined,
): Promise<void> {
  const token = await deps.accountTokens.issue(user.id, 'verify_email', MAIL_LIFETIMES_S.verify_email, {
    email: user.email,
  });
  await deps.mail.send({
    to: user.email,
    kind: 'verify_email',
    locale: user.locale,
    brandId,
    linkPath: `${VERIFY_EMAIL_PAGE}?token=${token}`,
  });
}

/**
 * Account e-mail flows: resend the verification e-mail, verify the address, ask for a
 * password reset link, and reset the password with it.
 */
export function registerEmailFlowRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, accountTokens, loginFailures, log } = deps;

  /** Runs after the answer to POST /account/password/forgot: nothing in it may show in the answer. */
  const sendResetLink = async (email: string, brandId: string | undefined): Promise<void> => {
    const user = await recipientByEmail(db, email);
    if (!user) {
      log.info({ brandId }, 'password reset asked for an unknown address');
      return;
    }
    const token = await accountTokens.issue(user.id, 'reset_password', MAIL_LIFETIMES_S.reset_password, {
      email: user.email,
    });
    await deps.mail.send({
      to: user.email,
      kind: 'reset_password',
      locale: user.locale,
      brandId,
      linkPath: `${RESET_PASSWORD_PAGE}?token=${token}`,
    });
  };

  const limitResetRequests = async (req: Request, email: string): Promise<void> => {
    const ip = req.ip ?? 'unknown';
    const limits: [string, number][] = [
      [`reset:${email}|ip:${ip}`, RESET_REQUESTS_PER_ACCOUNT],
      [`reset-ip:${ip}`, RESET_REQUESTS_PER_IP],
    ];
    const counts = await Promise.all(limits.map(([key]) => loginFailures.add(key)));
    const blocked = limits.find(([, max], index) => (counts[index] ?? 0) > max);
    if (blocked) {
      throw tooManyRequests(
        'Too many password reset requests. Try again later.',
        await loginFailures.retryAfter(blocked[0]),
      );
    }
  };

  registry.add(router, {
    method: 'post',
    path: '/account/user/activation/resend',
    summary: 'Sends the verification e-mail again (the "e-mail not verified" notice). At most one a minute.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.activation_resend',
    incompleteAccount: true,
    response: activationSentSchema,
    statuses: { 409: 'The address is already verified', 429: 'One was sent less than a minute ago' },
    handler: async ({ req, auth }) => {
      const user = await recipientById(db, auth.userId);
      if (!user) throw unauthorized();
      if (user.emailVerifiedAt) {
        throw new ApiError(409, [
          { code: 'EMAIL_ALREADY_VERIFIED', message: 'Your e-mail address is already verified.' },
        ]);
      }
      const last = await accountTokens.lastIssuedAt(user.id, 'verify_email');
      const waitS = last ? Math.ceil((last.getTime() + RESEND_INTERVAL_S * 1000 - Date.now()) / 1000) : 0;
      if (waitS > 0) {
        throw tooManyRequests(
          'A verification e-mail was sent less than a minute ago. Try again later.',
          waitS,
        );
      }
      await sendVerificationLink(deps, user, brandIdOf(req));
      return { data: { sent: true }, audit: { entity: 'user', entityId: String(user.id) } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/email/verify',
    summary: 'Verifies the e-mail address with the token of a verification link.',
    tag: 'account',
    access: { public: true },
    event: 'account.email_verify',
    body: verifyEmailSchema,
    response: emailVerifiedSchema,
    statuses: { 422: 'The link is invalid, expired or already used (source: token)' },
    handler: async ({ body }) => {
      const consumed = await accountTokens.consume(body.token, 'verify_email');
      if (!consumed) throw invalidLink();
      const user = await recipientById(db, consumed.userId);
      // A link proves the address it was sent to, not one the account has changed to since.
      if (!user || consumed.data?.email !== user.email) throw invalidLink();
      await markEmailVerified(db, user.id);
      return { data: { verified: true }, audit: userAudit(user, { email_verified: true }) };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/password/forgot',
    summary: 'Sends a password reset link if an account uses the address. The answer is the same either way.',
    tag: 'account',
    access: { public: true },
    body: forgotPasswordSchema,
    response: forgotPasswordAcceptedSchema,
    statuses: { 429: 'Too many requests for this address or from this IP' },
    handler: async ({ req, body }) => {
      await limitResetRequests(req, body.email);
      // No enumeration: the lookup and the e-mail run after the answer, so neither its body nor
      // its timing depends on whether the account exists.
      sendResetLink(body.email, brandIdOf(req)).catch((error: unknown) =>
        log.error({ err: error }, 'password reset e-mail failed'),
      );
      // Audited when used (POST /account/password/reset), not when asked for by anyone.
      return { data: { accepted: true }, audit: false };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/password/reset',
    summary:
      'Sets a new password with the token of a reset link; every session of the account ends, and the address counts as verified.',
    tag: 'account',
    access: { public: true },
    event: 'account.password_reset',
    body: resetPasswordSchema,
    response: passwordResetSchema,
    statuses: {
      422: 'The link is invalid, expired or used (source: token), or the password breaks the rule (source: password)',
    },
    handler: async ({ req, res, body }) => {
      // Checked before the token is used, so a refused password does not cost the link.
      const found = await accountTokens.find(body.token, 'reset_password');
      const user = found && (await recipientById(db, found.userId));
      if (!user) throw invalidLink();
      assertPasswordPolicy(body.password, user.email);
      const passwordHash = await hashPassword(body.password);
      const consumed = await accountTokens.consume(body.token, 'reset_password');
      if (consumed?.userId !== user.id) throw invalidLink();
      // The mailbox was proven, unless the account changed its address since the link was sent.
      const proven = consumed.data?.email === user.email;
      await setPasswordHash(db, user.id, passwordHash, proven && !user.emailVerifiedAt);
      await accountTokens.revokeAll(user.id, 'reset_password');
      // A stolen session dies with the reset, and so does the caller's own, if any.
      await sessions.revokeAll(user.id, 'password reset');
      sessions.clearCookies(req, res);
      await loginFailures.reset(`account:${user.email}|ip:${req.ip ?? 'unknown'}`);
      await loginFailures.reset(`confirm:${user.id}`);
      return { data: { reset: true }, audit: userAudit(user) };
    },
  });
}
