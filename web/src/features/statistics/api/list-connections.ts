/**
 * GET /statistics/connections: the connection log of every device the user sees, newest first,
 * listed through `useServerList`; its rows are `ConnectionLogEntry` of `@fleetport/contracts/devices`.
 */
export const CONNECTIONS_URL = '/statistics/connections';
export const CONNECTIONS_KEY = ['statistics', 'connections'] as const;

/** Spec §8 reasons the list can be filtered by (0 is an accepted connection). */
export const REASONS = [0, 10, 7, 14, 15] as const;
