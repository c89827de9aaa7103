import { z } from 'zod';
import { PERMISSIONS, type Permission, VIEW_PERMISSIONS } from './permissions.ts';

/**
 * Where a role's permissions apply:
 * - `all`: every company (platform staff);
 * - `subtree`: the user's company and every company below it;
 * - `company`: the user's own company only.
 */
export const ROLE_SCOPES = ['all', 'subtree', 'company'] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];

export const BUILT_IN_ROLE_NAMES = [
  'super_admin',
  'admin',
  'end_user',
  'read_only',
  'support',
  'readonly_admin',
] as const;
export type BuiltInRoleName = (typeof BUILT_IN_ROLE_NAMES)[number];

export interface BuiltInRole {
  id: number;
  name: BuiltInRoleName;
  title: string;
  description: string;
  scope: RoleScope;
  permissions: readonly Permission[];
  /** The built-in roles a holder may invite (spec §6). */
  invites: readonly BuiltInRoleName[];
}

const except = (...names: Permission[]) => PERMISSIONS.filter((name) => !names.includes(name));

/**
 * The built-in roles of spec §6 (ids and titles as the spec gives them) plus `support`:
 * platform support staff, invitable only by super_admin, who read across companies for
 * troubleshooting and never write.
 */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    id: 1,
    name: 'super_admin',
    title: 'System Administrator',
    description: 'Runs the platform: every company, every permission.',
    scope: 'all',
    permissions: PERMISSIONS,
    invites: ['admin', 'end_user', 'readonly_admin', 'read_only', 'support'],
  },
  {
    id: 2,
    name: 'admin',
    title: 'Administrator',
    description: 'Full control of its company, subsidiaries, devices and users.',
    scope: 'subtree',
    permissions: except('super_admin', 'upload_files_global_scope'),
    invites: ['admin', 'end_user', 'readonly_admin', 'read_only'],
  },
  {
    id: 3,
    name: 'end_user',
    title: 'End Client',
    description: "Works with its own company's devices; cannot create subsidiaries or manage users.",
    scope: 'company',
    permissions: [
      'view_devices',
      'manage_devices',
      'view_device_hotspots',
      'view_wireless_information',
      'view_device_task_groups',
      'view_device_remote_access',
      'use_device_remote_access',
      'view_device_alert_configurations',
      'view_reports',
      'view_statistics',
      'view_companies',
      'view_users',
      'view_tags',
      'view_files',
    ],
    invites: [],
  },
  {
    id: 4,
    name: 'read_only',
    title: 'Guest',
    description: 'View-only for its own company.',
    scope: 'company',
    permissions: [
      'view_devices',
      'view_device_hotspots',
      'view_wireless_information',
      'view_reports',
      'view_statistics',
      'view_companies',
      'view_tags',
      'view_files',
    ],
    invites: [],
  },
  {
    id: 5,
    name: 'support',
    title: 'Support',
    description: 'Platform support staff: reads every company for troubleshooting, never writes.',
    scope: 'all',
    permissions: VIEW_PERMISSIONS,
    invites: [],
  },
  {
    id: 6,
    name: 'readonly_admin',
    title: 'Advanced Guest',
    description: 'View-only for its own and subsidiary companies.',
    scope: 'subtree',
    permissions: VIEW_PERMISSIONS.filter((name) => name !== 'view_audit_log'),
    invites: [],
  },
];

export const BUILT_IN_ROLE_BY_NAME = new Map(BUILT_IN_ROLES.map((role) => [role.name, role]));

/** A row of GET /roles; also the answer of GET, POST and PUT /roles/{id}. */
export const roleSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  company_id: z.number().nullable().describe('null: a global (built-in) role'),
  company_name: z.string().nullable(),
  scope: z.enum(ROLE_SCOPES),
  built_in: z.boolean(),
  permissions_count: z.number(),
  permissions: z.array(z.string()),
  users: z.number().describe('users holding the role (in the companies the caller sees)'),
});
export type Role = z.infer<typeof roleSchema>;

/** DELETE /roles/{id}. */
export const roleDeletedSchema = z.object({ deleted: z.boolean() });
export type RoleDeleted = z.infer<typeof roleDeletedSchema>;
