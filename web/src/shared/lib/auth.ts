import type { CurrentUser } from '@fleetport/contracts/users';
import { createContext, useContext } from 'react';

/** Spec §3 "Current user": the answer of GET /user. */
/** GET /user (spec §3 "Current user"): the API's own answer schema (contracts/src/users.ts). */
export type { CurrentUser };

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
