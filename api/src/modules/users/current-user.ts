import { currentUserSchema } from '@fleetport/contracts/users';
import type { Router } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { unauthorized } from '../../http/errors.ts';
import { accountGate, type RouteRegistry } from '../../http/route.ts';
import { currentUserRow, userIdentity } from './user-queries.ts';

export function registerCurrentUserRoutes(registry: RouteRegistry, router: Router, deps: ApiDeps): void {
  const { db, config } = deps;
  registry.add(router, {
    method: 'get',
    path: '/user',
    summary: 'The signed-in user, with permissions. Global errors: EMAIL_NOT_VERIFIED, MFA_MANDATORY.',
    tag: 'account',
    access: { signedIn: true },
    incompleteAccount: true,
    response: currentUserSchema,
    statuses: { 403: 'A global error code (spec §8) the console shows as a full-screen notice' },
    handler: async ({ auth }) => {
      const row = await currentUserRow(db, auth.userId);
      if (!row) throw unauthorized();
      const { user, company, role } = row;
      const gate = accountGate(auth, config.MFA_REQUIRED);
      if (gate) throw gate;
      let act: { id: number; email: string } | undefined;
      if (auth.actorUserId !== undefined) act = await userIdentity(db, auth.actorUserId);
      const limit = user.impersonationAccessLimit;
      return {
        data: currentUserSchema.parse({
          id: user.id,
          username: user.username,
          email: user.email,
          company: { id: company.id, name: company.name, parent_id: company.parentId },
          role: { id: role.id, name: role.name, title: role.title },
          avatar_url: null,
          mfa_type: user.mfaType,
          exp: auth.exp,
          permissions: [...auth.permissions].sort(),
          country_iso_code: user.countryIsoCode,
          company_id: company.id,
          company_name: company.name,
          role_title: role.title,
          impersonation_access_limit: limit && limit.getTime() > Date.now() ? limit.toISOString() : null,
          ...(act ? { act } : {}),
        }),
      };
    },
  });
}
