/**
 * The event types of the audit log (spec §2 Action logs, device activity): what happened, named
 * for people and stable when a route changes, `<subject>.<what>`. The API records one with each
 * entry (a route declares it, or its handler names it per request); the console turns each into a
 * sentence (`history.events.<subject>.<what>` in `web/src/locales/<language>/history.json`) and
 * offers them as the Action logs filter. No zod here: the console imports the list at run time.
 *
 * A feature adds its events here, its sentences to both languages, and names them on its routes.
 * Never rename or remove one: recorded entries keep the name they were written with.
 */
export const AUDIT_EVENTS = [
  // A device: one at a time (the device page) …
  'device.add',
  'device.update',
  'device.tags',
  'device.delete',
  'device.reboot',
  'device.refresh',
  'device.cli',
  'device.config',
  'device.note_add',
  'device.note_delete',
  'device.custom',
  // Take a backup (issue 22): asked for on the device page, and each backup the device stored.
  'device.backup',
  'device.backup_stored',
  // Restore a backup to a device (a config.write of the backup's tree).
  'device.restore',
  // … and several at once (the list's bulk actions, from files, passwords).
  'device.bulk',
  'device.add_batch',
  'device.claims_refused',
  'device.approve',
  // An identity removed from Approved Devices (it can no longer connect).
  'device.unapprove',
  'device.password_generate',
  'device.password_set',
  // Tasks: one action over many devices (the task engine), and cancelling what waits.
  'task.create',
  'task.cancel',
  'task.pause',
  'task.resume',
  'task.retry',
  'task.order',
  'task_list.create',
  'task_list.update',
  'task_list.delete',
  'config_template.create',
  'config_template.update',
  'config_template.delete',
  'config_template.assign',
  'config_template.unassign',
  // Periodic backup rules (issue 22).
  'backup_rule.create',
  'backup_rule.update',
  'backup_rule.delete',
  // Companies and their data.
  'company.create',
  'company.update',
  'company.move',
  'company.delete',
  'company.invite',
  'company.invite_withdraw',
  'company.invite_accept',
  // Users, invitations, impersonation.
  'user.invite',
  'user.invite_resend',
  'user.invite_withdraw',
  'user.join',
  'user.role',
  'user.delete',
  'user.impersonation_request',
  'user.impersonation_grant',
  'user.impersonation_withdraw',
  'user.impersonation_start',
  'user.impersonation_end',
  // The signed-in user's own account.
  'account.login',
  'account.logout',
  'account.password_confirm',
  'account.password_change',
  'account.password_reset',
  'account.email_verify',
  'account.activation_resend',
  'account.sessions_revoke',
  'account.mfa_setup',
  'account.mfa_enable',
  'account.mfa_disable',
  'account.preferences',
  'account.notifications_read',
  // Tags, roles, files, announcements.
  'tag.create',
  'tag.update',
  'tag.delete',
  'role.create',
  'role.update',
  'role.delete',
  'file.upload',
  'file.delete',
  'file.permissions',
  'announcement.send',
  // Credits and data.
  'credits.add',
  'credits.move',
  'credits.buy_data',
  'credits.code_create',
  'credits.code_activate',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** The subject of an event (`device` of `device.reboot`). */
export const subjectOf = (event: string): string => event.slice(0, event.indexOf('.'));

const KNOWN: ReadonlySet<string> = new Set(AUDIT_EVENTS);
export const isAuditEvent = (value: unknown): value is AuditEvent =>
  typeof value === 'string' && KNOWN.has(value);

/** The most event types one Action logs filter names. */
export const MAX_EVENT_FILTER = 20;
