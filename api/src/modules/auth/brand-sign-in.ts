import type { Request } from 'express';
import type { ApiDeps } from '../../deps.ts';
import { companyPathOf } from '../companies/queries.ts';
import { brandIdOf } from '../mail/mailer.ts';
import { signInScopeOf } from './queries.ts';

/**
 * White-label sign-in (themes/README.md `restrict_sign_in`): on the hosts of a brand that
 * restricts sign-in, only users of its owner company's subtree and platform staff (a role of
 * scope `all`) may sign in. The caller answers everyone else exactly as a wrong password.
 */
export async function maySignInHere(
  deps: Pick<ApiDeps, 'db' | 'brands' | 'log'>,
  req: Request,
  userId: number,
): Promise<boolean> {
  let companyId: number | undefined;
  try {
    companyId = (await deps.brands.resolve(brandIdOf(req))).signInCompanyId;
  } catch (error) {
    // No brand at all (no default brand in the folder): there is no rule to apply.
    deps.log.warn({ err: error }, 'brands unreadable; sign-in is not bound to a brand');
    return true;
  }
  if (companyId === undefined) return true;
  const user = await signInScopeOf(deps.db, userId);
  if (!user) return false;
  if (user.scope === 'all') return true;
  const ownerPath = await companyPathOf(deps.db, companyId);
  return ownerPath !== undefined && user.path.startsWith(ownerPath);
}
