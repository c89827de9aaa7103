import { createContext, useContext } from 'react';

/** Spec §3 "Current user": the answer of GET /user. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  company: { id: number; name: string; parent_id: number | null };
  role: { id: number; name: string; title: string };
  avatar_url: string | null;
  mfa_type: 'totp' | 'email' | null;
  exp: number;
  permissions: string[];
  country_iso_code: string | null;
  company_id: number;
  company_name: string;
  role_title: string;
  impersonation_access_limit: string | null;
  /** Present while an admin impersonates this user (the token's act claim). */
  act?: { id: number; email: string };
}

/** Spec §3: the client derives isImpersonating from the act claim. */
export function isImpersonating(user: CurrentUser | undefined): boolean {
  return user?.act !== undefined;
}

/** Spec §3/§5: can(permission); an empty requirement means allowed. */
export function can(user: CurrentUser | undefined, permission: string | undefined): boolean {
  if (!permission) return true;
  return user?.permissions.includes(permission) ?? false;
}

export const SessionContext = createContext<CurrentUser | undefined>(undefined);

/** The signed-in user, or undefined on pages that need none (no-auth routes). */
export function useCurrentUser(): CurrentUser | undefined {
  return useContext(SessionContext);
}

/** The signed-in user on pages behind the guard. */
export function useSignedInUser(): CurrentUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSignedInUser() outside a signed-in page');
  return user;
}
