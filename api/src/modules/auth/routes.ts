import {
  loginAnswerSchema,
  loginSchema,
  logoutAnswerSchema,
  logoutSchema,
  tokenRefreshedSchema,
} from '@fleetport/contracts/auth';
import { sameOriginPath } from '@fleetport/contracts/same-origin';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { requestOrigin } from '../../http/guards.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { brandIdOf } from '../mail/mailer.ts';
import { maySignInHere } from './brand-sign-in.ts';
import { verifyPassword } from './passwords.ts';
import { userByEmail } from './queries.ts';
import { usedUp } from './rate-limit.ts';

/** Where logout sends the browser when no acceptable redirect_uri was given. */
export const LOGIN_PAGE = '/account/login';

export function registerAccountRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, loginFailures, config } = deps;

  registry.add(router, {
    method: 'post',
    path: '/account/login',
    summary: 'Sign in with e-mail and password; sets the session cookies.',
    tag: 'account',
    access: { public: true },
    event: 'account.login',
    body: loginSchema,
    response: loginAnswerSchema,
    statuses: {
      401: 'Wrong e-mail or password',
      403: 'MFA_REQUIRED: repeat with session_code and session_uuid',
      422: 'CONFIRMATION_FAILED: the MFA code is not correct',
      429: 'Too many failed attempts',
    },
    handler: async ({ req, res, body }) => {
      // Spec: the 11th failure for an account from one IP answers 429. One IP spraying many
      // accounts is stopped at ten times that; a NAT of honest users stays well below.
      const ip = req.ip ?? 'unknown';
      const limits: [string, number][] = [
        [`account:${body.email}|ip:${ip}`, config.LOGIN_MAX_FAILURES],
        [`ip:${ip}`, config.LOGIN_MAX_FAILURES * 10],
      ];
      const wait = await usedUp(loginFailures, limits);
      if (wait !== undefined)
        throw tooManyRequests('Too many failed sign-in attempts. Try again later.', wait);
      const user = await userByEmail(db, body.email);
      // A user the brand of this host does not admit is answered as a wrong password, and
      // counted as one, so that neither the answer nor the rate limit tells them apart.
      if (
        !(await verifyPassword(user?.passwordHash, body.password)) ||
        !user ||
        !(await maySignInHere(deps, req, user.id))
      ) {
        await Promise.all(limits.map(([key]) => loginFailures.add(key)));
        throw new ApiError(401, [{ code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password.' }]);
      }
      await loginFailures.reset(limits[0]?.[0] as string);
      // The second factor, when the account has one: MFA_REQUIRED, then the repeated login.
      if (user.mfaType) await deps.mfa.require(user.id, body, { purpose: 'login', brandId: brandIdOf(req) });
      // A session the browser still held is ended: login always starts a new one.
      const previous = await sessions.authenticate(req);
      if (previous) await sessions.revoke(previous.sessionId, 'replaced by a new login');
      const { exp } = await sessions.start(req, res, user.id, { mfaVerified: user.mfaType !== null });
      return {
        data: { id: user.id, email: user.email, exp },
        audit: {
          userId: user.id,
          companyId: user.companyId,
          entity: 'session',
          after: { email: user.email, mfa: user.mfaType },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/token/refresh',
    summary: 'Rotates the refresh token and issues a new access token (used on a 401).',
    tag: 'account',
    access: { public: true },
    response: tokenRefreshedSchema,
    statuses: { 401: 'No valid refresh token; the session is over' },
    handler: async ({ req, res }) => {
      const outcome = await sessions.refresh(req, res);
      // Refreshes are routine (every few minutes per user): not audit-logged.
      if (outcome === 'rotated' || outcome === 'grace') return { data: { refreshed: true }, audit: false };
      sessions.clearCookies(req, res);
      if (outcome === 'reused') {
        deps.log.warn({ ip: req.ip }, 'refresh token reused: the session is revoked');
      }
      throw unauthorized('Your session has ended. Please sign in again.');
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/token/revoke',
    summary: 'Ends the session (logout); answers the location to go to.',
    tag: 'account',
    access: { public: true },
    event: 'account.logout',
    body: logoutSchema,
    response: logoutAnswerSchema,
    handler: async ({ req, res, body }) => {
      await sessions.revokeFromCookies(req, 'logout');
      sessions.clearCookies(req, res);
      // Spec §7: redirect_uri is followed only on our own origin (the one shared rule).
      const location = sameOriginPath(body.redirect_uri, requestOrigin(req)) ?? LOGIN_PAGE;
      res.setHeader('Location', location);
      return { data: { location } };
    },
  });
}
