import type { Permission } from '@fleetport/contracts/permissions';
import type { RoleScope } from '@fleetport/contracts/roles';

/** The caller of a request, loaded from the access token and the database on every request. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  email: string;
  companyId: number;
  /** Materialised path of the user's company (`1/4/`): the root of a `subtree` scope. */
  companyPath: string;
  roleId: number;
  roleName: string;
  scope: RoleScope;
  permissions: ReadonlySet<Permission>;
  /** The admin acting as this user while impersonating (the token's `act` claim). */
  actorUserId: number | undefined;
  /** The admin's own session while impersonating: cancelling returns to it. */
  parentSessionId: string | undefined;
  /** Whether the user proved their mailbox (GET /user answers EMAIL_NOT_VERIFIED until then). */
  emailVerified: boolean;
  /** The user's enrolled second factor, if any. */
  mfaType: 'totp' | 'email' | undefined;
  /** When this session passed MFA, if it did. */
  mfaVerifiedAt: Date | undefined;
  /** When this session's password was last re-confirmed (POST /password-confirmation). */
  passwordConfirmedAt: Date | undefined;
  /** When the session itself ends (refresh lifetime, or an impersonation's limit). */
  sessionExpiresAt: Date;
  /** Access token expiry, in seconds since the epoch (GET /user `exp`). */
  exp: number;
  can(permission: Permission): boolean;
}
