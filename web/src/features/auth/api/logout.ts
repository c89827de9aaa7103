import { api } from '../../../shared/lib/api.ts';

/**
 * POST /account/token/revoke (spec §7), which also ends an impersonation: the session keeper
 * follows the answer's location, normally the login page.
 */
export function logout(): Promise<void> {
  return api.session.end();
}
