import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import type { RouteRegistry } from '../../http/route.ts';
import { registerCurrentUserRoutes } from './current-user.ts';
import { registerInvitationRoutes } from './invitations.ts';
import { registerUserManagementRoutes } from './users.ts';

/**
 * Users (spec §2 /users, 'Invite new user'; §3 current user; §6): one file of route declarations
 * per part, its SQL beside it (user-queries.ts, invitation-queries.ts); registered in this order,
 * the invitations' fixed paths (`/users/invitations`, `/users/invite/roles`) before `/users/:id`.
 */
export function registerUserRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  registerCurrentUserRoutes(registry, router, deps); // GET /user
  registerInvitationRoutes(registry, router, deps); // /users/invitations, /users/invite, /account/invitation…
  registerUserManagementRoutes(registry, router, deps); // GET /users; PUT, DELETE /users/:id
}
