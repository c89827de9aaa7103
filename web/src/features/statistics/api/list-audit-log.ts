/**
 * GET /audit-log: the audit log of the companies the user sees, newest first, listed through
 * `useServerList`; its rows are `AuditLogEntry` of `@fleetport/contracts/audit`.
 */
export const AUDIT_LOG_URL = '/audit-log';
export const AUDIT_LOG_KEY = ['audit-log', 'list'] as const;
