/** A row of GET /roles (api/src/modules/users/role-routes.ts `roleSchema`). */
export interface Role {
  id: number;
  name: string;
  title: string;
  description: string;
  company_id: number | null;
  company_name: string | null;
  scope: 'all' | 'subtree' | 'company';
  built_in: boolean;
  permissions_count: number;
  permissions: string[];
  users: number;
}

export const ROLES_KEY = ['roles'] as const;
/** The invite dialog's role pickers (option-source.ts keys): a role write reloads them. */
export const ROLE_OPTIONS_KEY = ['form-options', '/users/invite/roles'] as const;
