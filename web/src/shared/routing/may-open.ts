import { type CurrentUser, can } from '../lib/auth.ts';
import type { WebRoute } from './web-routes.ts';

/** A route the user may open: built, permitted, not disabled by the brand (spec §5). */
export function mayOpen(
  route: WebRoute,
  user: CurrentUser | undefined,
  disabledRoutes: readonly string[],
): boolean {
  return can(user, route.permission) && !disabledRoutes.includes(route.name);
}
