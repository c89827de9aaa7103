/**
 * The password rule, shared by the console's forms and the API (password reset, change):
 * at least 10 characters, at most 1024, and not the account's own e-mail address.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

export type PasswordProblem = 'too_short' | 'too_long' | 'same_as_email';

/** What is wrong with `password` for the account of `email`, or undefined when it is fine. */
export function passwordProblem(password: string, email: string): PasswordProblem | undefined {
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'same_as_email';
  return undefined;
}
