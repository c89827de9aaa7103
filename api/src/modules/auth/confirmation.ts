import {
  changePasswordSchema,
  passwordChangedSchema,
  passwordConfirmationSchema,
  passwordConfirmedSchema,
  sessionsRevokedSchema,
} from '@fleetport/contracts/auth';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, passwordConfirmationRequired, tooManyRequests } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { brandIdOf } from '../mail/mailer.ts';
import type { AuthContext } from './context.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordHashOf, setPasswordHash } from './queries.ts';

/**
 * Spec §6/§7: chosen sensitive operations answer 423 unless the password was confirmed
 * recently; the console then asks for it, POSTs /password-confirmation and repeats the call.
 */
export function requireRecentPassword(auth: AuthContext, ttlS: number): void {
  const confirmed = auth.passwordConfirmedAt?.getTime() ?? 0;
  if (Date.now() - confirmed > ttlS * 1000) throw passwordConfirmationRequired();
}

export function registerConfirmationRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, config, loginFailures } = deps;

  registry.add(router, {
    method: 'post',
    path: '/password-confirmation',
    summary: 'Confirms the password again (after a 423); the session rotates and carries the confirmation.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.password_confirm',
    body: passwordConfirmationSchema,
    response: passwordConfirmedSchema,
    statuses: { 429: 'Too many wrong passwords' },
    handler: async ({ req, res, auth, body }) => {
      // While impersonating, it is the admin who proves who they are.
      const userId = auth.actorUserId ?? auth.userId;
      const key = `confirm:${userId}`;
      if ((await loginFailures.count(key)) >= config.LOGIN_MAX_FAILURES) {
        throw tooManyRequests(
          'Too many wrong passwords. Try again later.',
          await loginFailures.retryAfter(key),
        );
      }
      if (!(await verifyPassword(await passwordHashOf(db, userId), body.password))) {
        await loginFailures.add(key);
        throw new ApiError(422, [
          { code: 'INVALID_PASSWORD', message: 'The password is not correct.', source: 'password' },
        ]);
      }
      await loginFailures.reset(key);
      await sessions.rotate(req, res, auth, { passwordConfirmed: true });
      const until = new Date(Date.now() + config.PASSWORD_CONFIRMATION_TTL_S * 1000);
      return { data: { confirmed_until: until.toISOString() } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/sessions/revoke-others',
    summary:
      'Signs the caller out everywhere else (every other session). Needs a recent password confirmation (423).',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.sessions_revoke',
    response: sessionsRevokedSchema,
    statuses: { 423: 'Confirm the password first (POST /password-confirmation)' },
    handler: async ({ auth }) => {
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      const revoked = await sessions.revokeOthers(auth.userId, auth.sessionId);
      return { data: { revoked } };
    },
  });

  registry.add(router, {
    method: 'put',
    path: '/account/password',
    summary:
      'Changes the password: the current one, the new one (policy), and the second factor when the account has one (MFA_REQUIRED). Other sessions end.',
    tag: 'account',
    access: { signedIn: true },
    event: 'account.password_change',
    body: changePasswordSchema,
    response: passwordChangedSchema,
    statuses: { 403: 'MFA_REQUIRED: prove the second factor and repeat', 429: 'Too many wrong passwords' },
    handler: async ({ req, res, auth, body }) => {
      if (auth.actorUserId !== undefined) {
        throw new ApiError(403, [
          { code: 'FORBIDDEN', message: 'The password cannot be changed while impersonating.' },
        ]);
      }
      const key = `confirm:${auth.userId}`;
      if ((await loginFailures.count(key)) >= config.LOGIN_MAX_FAILURES) {
        throw tooManyRequests(
          'Too many wrong passwords. Try again later.',
          await loginFailures.retryAfter(key),
        );
      }
      if (!(await verifyPassword(await passwordHashOf(db, auth.userId), body.current_password))) {
        await loginFailures.add(key);
        throw new ApiError(422, [
          {
            code: 'INVALID_PASSWORD',
            message: 'The current password is not correct.',
            source: 'current_password',
          },
        ]);
      }
      await loginFailures.reset(key);
      assertPasswordPolicy(body.password, auth.email);
      await deps.mfa.require(auth.userId, body, { purpose: 'password_change', brandId: brandIdOf(req) });
      await setPasswordHash(db, auth.userId, await hashPassword(body.password));
      await sessions.revokeOthers(auth.userId, auth.sessionId);
      await sessions.rotate(req, res, auth, { passwordConfirmed: true });
      // Neither password reaches the audit log.
      return { data: { changed: true }, audit: { entity: 'password', after: { changed: true } } };
    },
  });
}
