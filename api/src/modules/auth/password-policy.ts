import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordProblem,
  passwordProblem,
} from '@fleetport/contracts/password';
import { fieldError } from '../../http/errors.ts';

const ANSWERS: Record<PasswordProblem, { code: string; message: string }> = {
  too_short: {
    code: 'PASSWORD_TOO_SHORT',
    message: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  },
  too_long: {
    code: 'PASSWORD_TOO_LONG',
    message: `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`,
  },
  same_as_email: {
    code: 'PASSWORD_SAME_AS_EMAIL',
    message: 'The password must not be your e-mail address.',
  },
};

/**
 * Refuses a new password that breaks the rule of contracts/password.ts with a 422 on `source`
 * (password reset; password change reuses it).
 */
export function assertPasswordPolicy(password: string, email: string, source = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError(source, ANSWERS[problem].message, ANSWERS[problem].code);
}
