import { NAVIGATION } from '@fleetport/contracts/navigation';
import { type CurrentUser, can } from '../shared/lib/auth.ts';

export { loginLocation } from '../shared/lib/continue-url.ts';

import { mayOpen } from '../shared/routing/may-open.ts';
import { pathOf, type WebRoute, webRoute } from '../shared/routing/web-routes.ts';

export { mayOpen };

export const OFFLINE_PAGE = '/offline.html';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'offline' }
  | { kind: 'login' }
  /**
   * Elsewhere: `to` is the first page the user may see. `because` says why, so the console can
   * tell the user instead of swallowing their URL: no such page, or one they may not open.
   */
  | { kind: 'redirect'; to: string; because?: { reason: 'unknown' } | { reason: 'forbidden'; route: string } }
  | { kind: 'access-denied' };

export interface GuardInput {
  /** The matched route; undefined for an unknown path. */
  route: WebRoute | undefined;
  online: boolean;
  user: CurrentUser | undefined;
  search: URLSearchParams;
  disabledRoutes: readonly string[];
}

/** The connect pages that accept a key query value instead of a login (spec §5). */
const KEY_CONNECT_ROUTES = new Set(['rms-connect.ssh', 'rms-connect.desktop']);

/**
 * Spec §5 "first permitted page": the navigation's pages in their order, the first the user may
 * open. Undefined means none: the 'Access denied' notice.
 */
export function firstPermittedPath(
  user: CurrentUser | undefined,
  disabledRoutes: readonly string[],
): string | undefined {
  for (const child of NAVIGATION.flatMap((group) => group.children)) {
    const route = webRoute(child.route);
    if (!route || disabledRoutes.includes(child.route)) continue;
    if (!can(user, child.permission ?? route.permission)) continue;
    const target = route.redirectTo ? webRoute(route.redirectTo) : route;
    if (target && mayOpen(target, user, disabledRoutes)) return pathOf(target.name);
  }
  return undefined;
}

/** The route guard of spec §5, in its order. */
export function guard(input: GuardInput): GuardDecision {
  const { route, user, disabledRoutes } = input;
  if (!input.online) return { kind: 'offline' };
  if (route?.noAuth) return { kind: 'allow' };
  const keyBypass =
    route !== undefined && KEY_CONNECT_ROUTES.has(route.name) && Boolean(input.search.get('key'));
  if (!user && !keyBypass) return { kind: 'login' };
  const home = firstPermittedPath(user, disabledRoutes);
  if (!route)
    return home ? { kind: 'redirect', to: home, because: { reason: 'unknown' } } : { kind: 'access-denied' };
  if (keyBypass && !user) return { kind: 'allow' };
  if (!mayOpen(route, user, disabledRoutes)) {
    return home
      ? { kind: 'redirect', to: home, because: { reason: 'forbidden', route: route.name } }
      : { kind: 'access-denied' };
  }
  return { kind: 'allow' };
}
