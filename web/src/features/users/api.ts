/** A row of GET /users (api/src/modules/users/users.ts `userListItemSchema`). */
export interface UserListItem {
  id: number;
  email: string;
  username: string;
  company_id: number;
  company_name: string;
  role_id: number;
  role_name: string;
  role_title: string;
  mfa_type: 'totp' | 'email' | null;
  email_verified: boolean;
  created_at: string;
}

/** A row of GET /users/invitations. */
export interface Invitation {
  id: number;
  email: string;
  company_id: number;
  company_name: string;
  role_id: number;
  role_title: string;
  invited_by: string | null;
  sent_at: string;
  expires_at: string;
  expired: boolean;
}

export const USERS_KEY = ['users'] as const;
export const USER_LIST_KEY = [...USERS_KEY, 'list'] as const;
export const INVITATIONS_KEY = [...USERS_KEY, 'invitations'] as const;
