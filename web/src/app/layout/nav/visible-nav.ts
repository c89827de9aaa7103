import { NAVIGATION, type NavChild, type NavGroup } from '@fleetport/contracts/navigation';
import { type CurrentUser, can } from '../../../shared/lib/auth.ts';
import { pathOf, type WebRoute, webRoute } from '../../../shared/routing/web-routes.ts';

export interface VisibleChild extends NavChild {
  readonly path: string;
}

export interface VisibleGroup extends Omit<NavGroup, 'children'> {
  readonly children: readonly VisibleChild[];
}

/**
 * Spec §2 "Side navigation": a child is shown when its page exists in this build, the user
 * holds its permission and the brand does not disable it; a group with no child is hidden.
 */
export function visibleNavigation(
  user: CurrentUser | undefined,
  disabledRoutes: readonly string[],
  groups: readonly NavGroup[] = NAVIGATION,
  routeOf: (name: string) => WebRoute | undefined = webRoute,
): VisibleGroup[] {
  return groups.flatMap((group) => {
    const children = group.children.flatMap((child): VisibleChild[] => {
      const route = routeOf(child.route);
      if (!route || disabledRoutes.includes(child.route)) return [];
      if (!can(user, child.permission ?? route.permission)) return [];
      return [{ ...child, path: pathOf(child.route) }];
    });
    return children.length > 0 ? [{ ...group, children }] : [];
  });
}

/**
 * Spec §2: a child is active when the current route name equals its route name or matches one of
 * its highlights (a route name, or a fragment of the path). A highlighted route name stands for
 * its tabs too: 'company' covers 'company.metrics' (the routes are named parent-dot-child).
 */
export function isChildActive(child: NavChild, routeName: string | undefined, pathname: string): boolean {
  if (routeName === child.route) return true;
  return (child.highlights ?? []).some(
    (highlight) =>
      highlight === routeName ||
      (routeName?.startsWith(`${highlight}.`) ?? false) ||
      (highlight.includes('/') && pathname.includes(highlight)),
  );
}

/** Spec §2: the active group contains the active child. */
export function activeGroupId(
  groups: readonly VisibleGroup[],
  routeName: string | undefined,
  pathname: string,
): string | undefined {
  return groups.find((group) => group.children.some((child) => isChildActive(child, routeName, pathname)))
    ?.id;
}
