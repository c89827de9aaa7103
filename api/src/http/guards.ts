import type { NextFunction, Request, Response } from 'express';
import type { AuthContext } from '../modules/auth/context.ts';
import { XSRF_COOKIE } from '../modules/auth/cookies.ts';
import { type Keys, sameToken, xsrfTokenFor } from '../modules/auth/secrets.ts';
import { ApiError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const refused = (message: string) => new ApiError(403, [{ code: 'CSRF_CHECK_FAILED', message }]);

/** The request's own origin as the browser saw it (through the edge's X-Forwarded-*). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host')}`;
}

/**
 * Cross-site request defences (spec §7), in order:
 * 1. every call carries `X-Requested-With: XMLHttpRequest` (a plain form or link cannot);
 * 2. writes come from our own origin (`Origin`, and `Sec-Fetch-Site` when the browser sends it);
 * 3. writes by a signed-in user echo the session's XSRF token (an HMAC of the session id) in
 *    `X-XSRF-TOKEN`, so a token from another session does not pass.
 */
export function csrfGuard(keys: Keys, exempt: (req: Request) => boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (exempt(req)) {
      next();
      return;
    }
    if (req.get('x-requested-with') !== 'XMLHttpRequest') {
      next(refused('The X-Requested-With: XMLHttpRequest header is required.'));
      return;
    }
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const origin = req.get('origin');
    if (origin !== undefined && origin !== requestOrigin(req)) {
      next(refused('Cross-origin requests are not allowed.'));
      return;
    }
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin') {
      next(refused('Cross-site requests are not allowed.'));
      return;
    }
    const auth = res.locals.auth as AuthContext | undefined;
    if (auth) {
      const echoed = req.get('x-xsrf-token') ?? '';
      if (!echoed || !sameToken(echoed, xsrfTokenFor(keys, auth.sessionId))) {
        next(refused('The XSRF token is missing or does not match this session.'));
        return;
      }
    }
    next();
  };
}

export { XSRF_COOKIE };
