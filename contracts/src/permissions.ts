/**
 * The permission catalogue: the names of spec §6, the pseudo-permission `super_admin` that only
 * the System Administrator role holds, and the `manage_*` names that guard the writes of later
 * features. A permission says *what* a user may do; *where* (which companies) comes from the
 * role's scope (see roles.ts).
 */
export const PERMISSION_CATEGORIES = {
  devices: [
    'view_devices',
    'manage_devices',
    'view_device_hotspots',
    'view_wireless_information',
    'view_device_task_groups',
    'manage_device_task_groups',
    'view_device_remote_access',
    'use_device_remote_access',
    'view_device_alert_configurations',
    'manage_device_alert_configurations',
  ],
  reports: ['view_reports', 'manage_reports', 'view_statistics'],
  companies: ['view_companies', 'manage_companies', 'view_credits', 'manage_credits'],
  users: [
    'view_users',
    'manage_users',
    'view_user_invitations',
    'manage_user_invitations',
    'impersonate_users',
    'view_roles',
    'manage_roles',
    'view_permissions',
  ],
  tags: ['view_tags', 'manage_tags'],
  files: ['view_files', 'manage_files', 'upload_files_global_scope'],
  audit: ['view_audit_log'],
  system: ['super_admin'],
} as const;

export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;
export type Permission = (typeof PERMISSION_CATEGORIES)[PermissionCategory][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_CATEGORIES).flat();

const known = new Set<string>(PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** Read-only permissions: everything a viewer may hold (`view_*`). */
export const VIEW_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter((name) => name.startsWith('view_'));
