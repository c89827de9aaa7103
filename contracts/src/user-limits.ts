/**
 * The limits of the user and invitation forms, without zod: the acceptance page (a first load)
 * needs only these numbers. `users.ts` builds the schemas from them.
 */
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 100;
/** A company's name (New company, Edit company, and the company invitation's acceptance page). */
export const COMPANY_NAME_MIN_LENGTH = 3;
export const COMPANY_NAME_MAX_LENGTH = 100;
/** The token of an e-mailed link (invitation, verification, reset, impersonation grant). */
export const LINK_TOKEN_MAX_LENGTH = 200;

/** How long an invitation link works. */
export const INVITATION_LIFETIME_S = 7 * 24 * 3600;
