import { eq } from 'drizzle-orm';
import type { Router } from 'express';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, passwordConfirmationRequired, tooManyRequests } from '../../http/errors.ts';
import type { RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from './context.ts';
import { verifyPassword } from './passwords.ts';

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
    body: z.object({ password: z.string().min(1, 'is required').max(1024) }),
    response: z.object({ confirmed_until: z.string() }),
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
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!(await verifyPassword(user?.hash, body.password))) {
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
    response: z.object({ revoked: z.number() }),
    statuses: { 423: 'Confirm the password first (POST /password-confirmation)' },
    handler: async ({ auth }) => {
      requireRecentPassword(auth, config.PASSWORD_CONFIRMATION_TTL_S);
      const revoked = await sessions.revokeOthers(auth.userId, auth.sessionId);
      return { data: { revoked } };
    },
  });
}
