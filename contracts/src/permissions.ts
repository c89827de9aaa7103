/**
 * Permission names of spec §6, plus the pseudo-permission `super_admin` that only the
 * System Administrator role holds.
 */
export const PERMISSIONS = [
  'view_devices',
  'view_device_hotspots',
  'view_wireless_information',
  'view_device_task_groups',
  'view_reports',
  'view_device_alert_configurations',
  'view_device_remote_access',
  'view_companies',
  'view_users',
  'view_user_invitations',
  'view_roles',
  'view_tags',
  'view_files',
  'view_statistics',
  'view_permissions',
  'upload_files_global_scope',
  'super_admin',
] as const;

export type Permission = (typeof PERMISSIONS)[number];
