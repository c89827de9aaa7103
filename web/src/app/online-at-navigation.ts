/**
 * Spec §5: the network is checked when the user navigates, not whenever a page happens to render
 * again (a render can repeat, or be thrown away before it commits). Kept per history entry.
 */
const onlineAt = new Map<string, boolean>();

/** Called by the router for each new location, at the moment of the navigation. */
export function noteNavigation(locationKey: string, online: boolean): void {
  if (!onlineAt.has(locationKey)) onlineAt.set(locationKey, online);
}

export function wasOnlineAt(locationKey: string): boolean {
  return onlineAt.get(locationKey) ?? true;
}
