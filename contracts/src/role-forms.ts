import { z } from 'zod';
import { idSchema as id, textSchema } from './fields.ts';
import { isPermission } from './permissions.ts';

/**
 * The role forms (spec §2 'New role', edit role; §3 Role: id, title, name, company_id,
 * description, permissions_count), one definition for the console and the API.
 */
export const ROLE_TITLE_MAX_LENGTH = 100;
export const ROLE_DESCRIPTION_MAX_LENGTH = 500;
/** Longer than any permission name (permissions.ts), so a name is checked without reading a flood. */
export const PERMISSION_NAME_MAX_LENGTH = 64;

const permissionList = z
  .array(z.string().max(PERMISSION_NAME_MAX_LENGTH).refine(isPermission, 'is not a permission'))
  .min(1, 'is required')
  .max(100)
  .refine((list) => !list.includes('super_admin'), 'super_admin is for the System Administrator only');

const roleFields = {
  title: textSchema()
    .min(1, 'is required')
    .max(ROLE_TITLE_MAX_LENGTH, `must be at most ${ROLE_TITLE_MAX_LENGTH} characters`),
  description: textSchema({ multiline: true })
    .max(ROLE_DESCRIPTION_MAX_LENGTH, `must be at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
  /** 'company': the role's holders act on their own company; 'subtree': and its subsidiaries. */
  scope: z.enum(['company', 'subtree']),
  permissions: permissionList,
};

/** POST /roles: a custom role of a company. */
export const newRoleSchema = z.object({ company_id: id, ...roleFields });
export type NewRole = z.output<typeof newRoleSchema>;

/** PUT /roles/{id}: a custom role's title, description, scope and permissions. */
export const editRoleSchema = z.object(roleFields);
export type EditRole = z.output<typeof editRoleSchema>;
