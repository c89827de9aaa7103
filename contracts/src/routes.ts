import type { Permission } from './permissions.ts';

/**
 * The route catalogue: every route of spec §2 with a stable name, its path, English title and
 * the permission it needs. It is the one list that brand validation (`disabled_routes`), the
 * console's route table and its side navigation all use.
 *
 * Names are the spec's where it gives them (company.tags, reports.single, services.credit-codes
 * ...) and ours otherwise, dotted from the parent route. Paths use react-router syntax: `:param`
 * for a parameter, `:param?` for an optional one. A child's path is absolute, so that a route can
 * be matched and linked without walking its parents.
 */
export interface RouteEntry {
  readonly name: string;
  readonly path: string;
  /** English title; the console translates it under the key `route.<name>`. */
  readonly title: string;
  /** Empty means allowed to every authenticated user (spec §5). */
  readonly permission?: Permission;
  /** Name of the enclosing route (tabs of a page, children of a section). */
  readonly parent?: string;
  /** The route a parent redirects to (spec §2: "redirects to its devices tab"). */
  readonly redirectTo?: string;
  /** Rendered with no layout (spec §2, shared layout). */
  readonly standalone?: boolean;
  /** Skips every guard check (spec §5). */
  readonly noAuth?: boolean;
}

export const ROUTES = [
  // Management
  { name: 'devices', path: '/management/devices', title: 'Devices', permission: 'view_devices' },
  {
    name: 'wifi-hotspots',
    path: '/management/hotspots',
    title: 'Wi-Fi & Hotspots',
    permission: 'view_devices',
    redirectTo: 'hotspots',
  },
  {
    name: 'hotspots',
    path: '/management/hotspots/list',
    title: 'Hotspots',
    permission: 'view_device_hotspots',
    parent: 'wifi-hotspots',
  },
  {
    name: 'wifi',
    path: '/management/wifi',
    title: 'Wi-Fi',
    permission: 'view_wireless_information',
    parent: 'wifi-hotspots',
  },
  {
    name: 'task-manager',
    path: '/management/task-manager',
    title: 'Task manager',
    permission: 'view_device_task_groups',
  },
  {
    name: 'reports',
    path: '/reports',
    title: 'Reports',
    permission: 'view_reports',
    redirectTo: 'reports.single',
  },
  {
    name: 'reports.single',
    path: '/reports/single',
    title: 'Single reports',
    permission: 'view_reports',
    parent: 'reports',
  },
  {
    name: 'reports.periodic.day',
    path: '/reports/periodic/day',
    title: 'Daily reports',
    permission: 'view_reports',
    parent: 'reports',
  },
  {
    name: 'reports.periodic.week',
    path: '/reports/periodic/week',
    title: 'Weekly reports',
    permission: 'view_reports',
    parent: 'reports',
  },
  {
    name: 'reports.periodic.month',
    path: '/reports/periodic/month',
    title: 'Monthly reports',
    permission: 'view_reports',
    parent: 'reports',
  },
  {
    name: 'report.generated',
    path: '/report/generated/:id',
    title: 'Generated report',
    permission: 'view_reports',
  },
  {
    name: 'automations',
    path: '/management/automations',
    title: 'Alerts & Automations',
    permission: 'view_device_alert_configurations',
  },
  {
    name: 'automation',
    path: '/management/automations/:id',
    title: 'Automation',
    permission: 'view_device_alert_configurations',
    redirectTo: 'automation.devices',
  },
  {
    name: 'automation.devices',
    path: '/management/automations/:id/devices',
    title: 'Devices',
    permission: 'view_device_alert_configurations',
    parent: 'automation',
  },
  {
    name: 'automation.logs',
    path: '/management/automations/:id/logs',
    title: 'Logs',
    permission: 'view_device_alert_configurations',
    parent: 'automation',
  },
  {
    name: 'configure-devices',
    path: '/management/configure-devices',
    title: 'Configure devices',
    permission: 'view_devices',
  },
  {
    name: 'device-configuration',
    path: '/device-configuration',
    title: 'Device configuration',
    permission: 'view_devices',
  },
  {
    name: 'update-firmware',
    path: '/management/update-firmware',
    title: 'Update firmware',
    permission: 'view_devices',
  },
  {
    name: 'upload-backup',
    path: '/management/upload-backup',
    title: 'Upload backup',
    permission: 'view_devices',
  },

  // Device page and its tabs (spec §2: defaults to activity)
  {
    name: 'device',
    path: '/devices/:id',
    title: 'Device',
    permission: 'view_devices',
    parent: 'devices',
    redirectTo: 'device.activity',
  },
  {
    name: 'device.activity',
    path: '/devices/:id/activity',
    title: 'Activity',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.location',
    path: '/devices/:id/location',
    title: 'Location',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.metrics.dynamic',
    path: '/management/devices/:id/metrics/dynamic',
    title: 'Dynamic metrics',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.metrics.mobile-data',
    path: '/management/devices/:id/metrics/mobile-data',
    title: 'Mobile data',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.metrics.io',
    path: '/management/devices/:id/metrics/io',
    title: 'Input/Output',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.metrics.gps',
    path: '/management/devices/:id/metrics/gps',
    title: 'GPS',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.data-usage',
    path: '/devices/:id/data-usage',
    title: 'Data usage',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.ports',
    path: '/devices/:id/ports',
    title: 'Ports',
    permission: 'view_device_remote_access',
    parent: 'device',
  },
  {
    name: 'device.services',
    path: '/devices/:id/services',
    title: 'Services',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.configuration',
    path: '/devices/:id/configuration',
    title: 'Configuration',
    permission: 'view_devices',
    parent: 'device',
  },
  {
    name: 'device.access',
    path: '/devices/:id/access',
    title: 'Access',
    permission: 'view_device_remote_access',
    parent: 'device',
  },

  // RMS Connect
  {
    name: 'remote-access',
    path: '/remote/access',
    title: 'Remote access',
    permission: 'view_device_remote_access',
  },
  {
    name: 'remote-access.item',
    path: '/remote/access/:id',
    title: 'Remote access',
    permission: 'view_device_remote_access',
    parent: 'remote-access',
  },
  {
    name: 'access-history',
    path: '/access-history',
    title: 'Access history',
    permission: 'view_device_remote_access',
  },
  { name: 'rms-connect.desktop', path: '/rms-connect/desktop', title: 'Desktop', standalone: true },
  { name: 'rms-connect.ssh', path: '/rms-connect/ssh', title: 'SSH', standalone: true },
  { name: 'rms-connect.telnet', path: '/rms-connect/telnet', title: 'Telnet', standalone: true },
  { name: 'rms-connect.mobile', path: '/rms-connect/mobile', title: 'Mobile', standalone: true },
  { name: 'rms-connect.sftp', path: '/rms-connect/sftp', title: 'SFTP', standalone: true },

  // Administration
  { name: 'companies', path: '/companies', title: 'Companies', permission: 'view_companies' },
  {
    name: 'companies.tree',
    path: '/companies/tree',
    title: 'Company tree',
    permission: 'view_companies',
    parent: 'companies',
  },
  {
    name: 'company',
    path: '/companies/:company_id',
    title: 'Company',
    permission: 'view_companies',
    parent: 'companies',
    redirectTo: 'company.devices',
  },
  {
    name: 'company.devices',
    path: '/companies/:company_id/devices',
    title: 'Devices',
    permission: 'view_devices',
    parent: 'company',
  },
  {
    name: 'company.metrics',
    path: '/companies/:company_id/metrics',
    title: 'Metrics',
    permission: 'view_companies',
    parent: 'company',
  },
  {
    name: 'company.userstable',
    path: '/companies/:company_id/users',
    title: 'Users',
    permission: 'view_users',
    parent: 'company',
  },
  {
    name: 'company.invitations',
    path: '/companies/:company_id/users/invitations',
    title: 'Invitations',
    permission: 'view_user_invitations',
    parent: 'company',
  },
  {
    name: 'company.tags',
    path: '/companies/:company_id/tags',
    title: 'Tags',
    permission: 'view_tags',
    parent: 'company',
  },
  {
    name: 'company.files',
    path: '/companies/:company_id/files',
    title: 'Files',
    permission: 'view_files',
    parent: 'company',
  },
  {
    name: 'company.reports',
    path: '/companies/:company_id/reports',
    title: 'Reports',
    permission: 'view_reports',
    parent: 'company',
    redirectTo: 'company.reports.single',
  },
  {
    name: 'company.reports.single',
    path: '/companies/:company_id/reports/single',
    title: 'Single reports',
    permission: 'view_reports',
    parent: 'company.reports',
  },
  {
    name: 'company.reports.periodic.day',
    path: '/companies/:company_id/reports/periodic/day',
    title: 'Daily reports',
    permission: 'view_reports',
    parent: 'company.reports',
  },
  {
    name: 'company.reports.periodic.week',
    path: '/companies/:company_id/reports/periodic/week',
    title: 'Weekly reports',
    permission: 'view_reports',
    parent: 'company.reports',
  },
  {
    name: 'company.reports.periodic.month',
    path: '/companies/:company_id/reports/periodic/month',
    title: 'Monthly reports',
    permission: 'view_reports',
    parent: 'company.reports',
  },
  {
    name: 'company.credit-codes',
    path: '/companies/:company_id/credit-codes',
    title: 'Credit codes',
    permission: 'view_companies',
    parent: 'company',
  },
  { name: 'users', path: '/users', title: 'Users', permission: 'view_users' },
  {
    name: 'users.invitations',
    path: '/users/invitations',
    title: 'Invitations',
    permission: 'view_user_invitations',
    parent: 'users',
  },
  {
    name: 'users.roles',
    path: '/users/roles',
    title: 'Roles',
    permission: 'view_roles',
    parent: 'users',
  },
  {
    name: 'users.confirm-impersonation',
    path: '/users/confirm-impersonation-access/:token',
    title: 'Confirm impersonation access',
  },
  { name: 'tags', path: '/tags', title: 'Tags', permission: 'view_tags' },
  { name: 'tag', path: '/tag/:id', title: 'Tag', permission: 'view_tags', parent: 'tags' },
  { name: 'files', path: '/management/files', title: 'Files', permission: 'view_files' },
  {
    name: 'files.global.firmware',
    path: '/files/global/firmware',
    title: 'Global Firmware',
    permission: 'upload_files_global_scope',
  },

  // System
  {
    name: 'statistics',
    path: '/statistics',
    title: 'Statistics',
    permission: 'view_statistics',
    redirectTo: 'statistics.online-devices',
  },
  {
    name: 'statistics.connection-manager',
    path: '/statistics/connection-manager',
    title: 'Connection manager',
    permission: 'view_statistics',
    parent: 'statistics',
  },
  {
    name: 'statistics.months-stats',
    path: '/statistics/months-stats',
    title: 'Monthly statistics',
    permission: 'view_statistics',
    parent: 'statistics',
  },
  // The audit log answers only view_audit_log (the guest role lacks it): a tab the user could
  // open only to be refused is not shown.
  {
    name: 'statistics.action-logs',
    path: '/statistics/action-logs',
    title: 'Action logs',
    permission: 'view_audit_log',
    parent: 'statistics',
  },
  {
    name: 'statistics.online-devices',
    path: '/statistics/online-devices',
    title: 'Online devices',
    permission: 'view_statistics',
    parent: 'statistics',
  },
  {
    name: 'statistics.unique-devices',
    path: '/statistics/unique-devices',
    title: 'Unique devices',
    permission: 'view_statistics',
    parent: 'statistics',
  },
  {
    name: 'system-services',
    path: '/system-services',
    title: 'System services',
    permission: 'super_admin',
    redirectTo: 'services.credit-codes',
  },
  {
    name: 'services.credit-codes',
    path: '/system-services/credit-codes',
    title: 'Credit codes',
    permission: 'super_admin',
    parent: 'system-services',
  },
  {
    name: 'services.credit-history',
    path: '/system-services/credit-history',
    title: 'Credit history',
    permission: 'super_admin',
    parent: 'system-services',
  },
  {
    name: 'services.data-overview',
    path: '/system-services/data-overview',
    title: 'Data overview',
    permission: 'super_admin',
    parent: 'system-services',
  },
  {
    name: 'services.data-history',
    path: '/system-services/data-history',
    title: 'Data history',
    permission: 'super_admin',
    parent: 'system-services',
  },
  {
    name: 'services.announcements',
    path: '/system-services/announcements',
    title: 'Announcements',
    permission: 'super_admin',
    parent: 'system-services',
  },
  {
    name: 'services.brands',
    path: '/system-services/brands',
    title: 'Brands',
    permission: 'super_admin',
    parent: 'system-services',
  },
  // Not in the spec: the demo's e-mail, readable in the browser while it is captured.
  {
    name: 'services.mail-outbox',
    path: '/system-services/mail-outbox',
    title: 'E-mail outbox',
    permission: 'super_admin',
    parent: 'system-services',
  },
  // A brand's page: super admins edit every field, admins of its owner company its look (the
  // edge decides, asking the API); manage_companies is the least a caller needs.
  { name: 'brand', path: '/brands/:id', title: 'Brand', permission: 'manage_companies' },
  { name: 'auth-devices', path: '/auth-devices', title: 'Approved Devices', permission: 'super_admin' },

  // Account pages: standalone and branded (spec §2); the API's e-mails link to them.
  { name: 'account.login', path: '/account/login', title: 'Sign in', standalone: true, noAuth: true },
  {
    name: 'account.forgot-password',
    path: '/account/forgot-password',
    title: 'Forgot password',
    standalone: true,
    noAuth: true,
  },
  {
    name: 'account.reset-password',
    path: '/account/reset-password',
    title: 'Reset password',
    standalone: true,
    noAuth: true,
  },
  {
    name: 'account.verify-email',
    path: '/account/verify-email',
    title: 'Verify e-mail',
    standalone: true,
    noAuth: true,
  },
  {
    name: 'account.accept-invitation',
    path: '/account/accept-invitation',
    title: 'Accept the invitation',
    standalone: true,
    noAuth: true,
  },
  {
    name: 'account.accept-company-invitation',
    path: '/account/accept-company-invitation',
    title: 'Create your company',
    standalone: true,
    noAuth: true,
  },
  { name: 'account.settings', path: '/account/settings', title: 'Account settings', standalone: true },

  // Everything else
  { name: 'forms', path: '/forms/:name/:id?', title: 'Form' },
  { name: 'notifications', path: '/notifications', title: 'Notifications' },
  { name: 'email-smtp', path: '/email-smtp', title: 'E-mail (SMTP) settings' },
  { name: 'changelog', path: '/changelog', title: 'Changelog' },
  { name: 'logout', path: '/logout', title: 'Logout' },
  { name: 'not-found', path: '/404', title: 'Page not found', noAuth: true },
] as const satisfies readonly RouteEntry[];

export type RouteName = (typeof ROUTES)[number]['name'];

export const ROUTE_NAMES: ReadonlySet<string> = new Set(ROUTES.map((route) => route.name));

export function isRouteName(name: string): name is RouteName {
  return ROUTE_NAMES.has(name);
}
