/**
 * The limits of the user and invitation forms, without zod: the acceptance page (a first load)
 * needs only these numbers. `users.ts` builds the schemas from them.
 */
export const EMAIL_MAX_LENGTH = 254;
export const USERNAME_MAX_LENGTH = 100;

/** How long an invitation link works. */
export const INVITATION_LIFETIME_S = 7 * 24 * 3600;
