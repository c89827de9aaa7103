/**
 * GET /auth-devices (spec §2 Approved Devices, super admin): listed through `useServerList`; its
 * rows are `ApprovedDevice` of `@fleetport/contracts/devices`.
 */
export const APPROVED_DEVICES_URL = '/auth-devices';
export const APPROVED_KEY = ['auth-devices'] as const;
export const APPROVED_LIST_KEY = [...APPROVED_KEY, 'list'] as const;
