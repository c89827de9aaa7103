import {
  impersonationAccessSchema,
  impersonationCancelledSchema,
  impersonationGrantParamsSchema,
  impersonationRequestedSchema,
  impersonationStartedSchema,
  startImpersonationSchema,
} from '@fleetport/contracts/impersonation';
import { isPermission } from '@fleetport/contracts/permissions';
import type { RoleScope } from '@fleetport/contracts/roles';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, conflict, fieldError, forbidden } from '../../http/errors.ts';
import { idParam, type RouteRegistry } from '../../http/route.ts';
import type { AuthContext } from '../auth/context.ts';
import { LOGIN_PAGE } from '../auth/routes.ts';
import { canSeeCompany } from '../companies/scope.ts';
import { brandIdOf } from '../mail/mailer.ts';
import { impersonationTarget, rolePermissionNames, setImpersonationAccessLimit } from './queries.ts';

/** How long a grant lets admins in (from the moment the user confirms). */
export const IMPERSONATION_ACCESS_S = 24 * 3600;
/** How long the e-mailed request link stays valid. */
export const IMPERSONATION_REQUEST_TTL_S = 7 * 24 * 3600;

const SCOPE_RANK: Record<RoleScope, number> = { company: 0, subtree: 1, all: 2 };

/**
 * Impersonation (spec §2/§3): an admin asks (`POST /users/{id}/impersonation/request`,
 * which e-mails the user a link to `/users/confirm-impersonation-access/{token}`); the user's
 * confirmation sets `impersonation_access_limit` for 24 hours; while it lasts, the admin may
 * start (`POST /users/{id}/impersonate`) a session as the user whose tokens carry an `act`
 * claim naming the admin. `POST /account/impersonation/cancel` ends it and returns the admin
 * to their own session. Every write meanwhile is audit-logged with both identities.
 */
export function registerImpersonationRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, sessions, mfa, mail, accountTokens } = deps;

  /** The target user, if the caller may impersonate them; the same 403 for "not yours" and "no such user". */
  const targetFor = async (auth: AuthContext, id: number) => {
    if (auth.actorUserId !== undefined) throw conflict('Cancel the current impersonation first.');
    if (id === auth.userId) throw fieldError('id', 'You cannot impersonate yourself.');
    const target = await impersonationTarget(db, id);
    if (!target || !canSeeCompany(auth, { id: target.companyId, path: target.companyPath }))
      throw forbidden();
    // Never a way up: the user may hold nothing the admin lacks, nor see more companies.
    const granted = await rolePermissionNames(db, target.roleId);
    const wider = granted.some((permission) => isPermission(permission) && !auth.can(permission));
    if (wider || SCOPE_RANK[target.scope as RoleScope] > SCOPE_RANK[auth.scope]) {
      throw forbidden('You cannot impersonate a user who holds more rights than you.');
    }
    return target;
  };

  registry.add(router, {
    method: 'post',
    path: '/users/:id/impersonation/request',
    summary:
      'Asks a user of the caller’s companies for impersonation access: e-mails them a link to /users/confirm-impersonation-access/{token}.',
    tag: 'users',
    access: { permission: 'impersonate_users' },
    event: 'user.impersonation_request',
    params: idParam,
    response: impersonationRequestedSchema,
    statuses: { 409: 'Cancel the current impersonation first' },
    handler: async ({ req, auth, params }) => {
      const target = await targetFor(auth, params.id);
      const token = await accountTokens.issue(target.id, 'impersonation_grant', IMPERSONATION_REQUEST_TTL_S, {
        requester_id: auth.userId,
      });
      await mail.send({
        to: target.email,
        kind: 'impersonation_request',
        locale: target.locale === 'ja' ? 'ja' : 'en',
        brandId: brandIdOf(req),
        linkPath: `/users/confirm-impersonation-access/${token}`,
        values: { requester: auth.email },
      });
      return {
        data: { requested: true, email: target.email },
        audit: { entity: 'impersonation', entityId: String(target.id), after: { requested: target.email } },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/users/confirm-impersonation-access/:token',
    summary:
      'The user grants the admins who asked access to their account for 24 hours (the link from the request e-mail).',
    tag: 'users',
    access: { signedIn: true },
    event: 'user.impersonation_grant',
    params: impersonationGrantParamsSchema,
    response: impersonationAccessSchema,
    statuses: { 422: 'The link has expired or was already used' },
    handler: async ({ auth, params }) => {
      if (auth.actorUserId !== undefined) throw forbidden('Only the user themself can grant access.');
      const grant = await accountTokens.consume(params.token, 'impersonation_grant');
      if (!grant) throw fieldError('token', 'This link has expired or was already used. Ask for a new one.');
      if (grant.userId !== auth.userId) throw forbidden('This link was sent to another account.');
      const limit = new Date(Date.now() + IMPERSONATION_ACCESS_S * 1000);
      await setImpersonationAccessLimit(db, auth.userId, limit);
      return {
        data: { impersonation_access_limit: limit.toISOString() },
        audit: { entity: 'impersonation', after: { impersonation_access_limit: limit.toISOString() } },
      };
    },
  });

  registry.add(router, {
    method: 'delete',
    path: '/account/impersonation-access',
    summary: 'Withdraws impersonation access at once; sessions impersonating the caller end.',
    tag: 'account',
    access: { signedIn: true },
    event: 'user.impersonation_withdraw',
    response: impersonationAccessSchema,
    handler: async ({ auth }) => {
      if (auth.actorUserId !== undefined) throw forbidden('Only the user themself can withdraw access.');
      await setImpersonationAccessLimit(db, auth.userId, null);
      await sessions.revokeImpersonationsOf(auth.userId, 'impersonation access withdrawn');
      return { data: { impersonation_access_limit: null }, audit: { entity: 'impersonation' } };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/users/:id/impersonate',
    summary:
      'Starts impersonating a user who granted access: the session’s tokens carry an act claim naming the admin. Answers MFA_REQUIRED first when the admin has MFA.',
    tag: 'users',
    access: { permission: 'impersonate_users' },
    event: 'user.impersonation_start',
    params: idParam,
    body: startImpersonationSchema,
    response: impersonationStartedSchema,
    statuses: {
      403: 'IMPERSONATION_NOT_ALLOWED (no access granted), MFA_REQUIRED, or not the caller’s user',
      409: 'Already impersonating',
    },
    handler: async ({ req, res, auth, params, body }) => {
      const target = await targetFor(auth, params.id);
      if (!target.limit || target.limit.getTime() <= Date.now()) {
        throw new ApiError(403, [
          {
            code: 'IMPERSONATION_NOT_ALLOWED',
            message: 'This user has not granted impersonation access. Send them a request first.',
          },
        ]);
      }
      await mfa.require(auth.userId, body, { purpose: `impersonate:${target.id}`, brandId: brandIdOf(req) });
      // The admin's own session stays alive: cancelling returns to it.
      await sessions.start(req, res, target.id, {
        actorUserId: auth.userId,
        parentSessionId: auth.sessionId,
        expiresAt: target.limit,
        mfaVerified: true,
      });
      return {
        data: {
          user_id: target.id,
          email: target.email,
          impersonation_access_limit: target.limit.toISOString(),
        },
        audit: {
          actorUserId: auth.userId,
          userId: target.id,
          companyId: target.companyId,
          entity: 'impersonation',
          entityId: String(target.id),
          after: { started: target.email },
        },
      };
    },
  });

  registry.add(router, {
    method: 'post',
    path: '/account/impersonation/cancel',
    summary:
      'Ends the impersonation and returns to the admin’s own session (the console then refreshes the token and reloads).',
    tag: 'account',
    access: { signedIn: true },
    event: 'user.impersonation_end',
    response: impersonationCancelledSchema,
    statuses: { 409: 'Not impersonating' },
    handler: async ({ req, res, auth }) => {
      if (auth.actorUserId === undefined || !auth.parentSessionId)
        throw conflict('You are not impersonating anyone.');
      await sessions.revoke(auth.sessionId, 'impersonation cancelled');
      const restored = await sessions.resume(req, res, auth.parentSessionId, auth.actorUserId);
      if (!restored) sessions.clearCookies(req, res);
      return {
        data: { location: restored ? '/' : LOGIN_PAGE, restored },
        audit: {
          actorUserId: auth.actorUserId,
          userId: auth.userId,
          entity: 'impersonation',
          entityId: String(auth.userId),
          after: { cancelled: auth.email },
        },
      };
    },
  });
}
