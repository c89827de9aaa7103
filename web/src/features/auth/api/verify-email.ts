import type { EmailVerified } from '@fleetport/contracts/auth';
import { api } from '../../../shared/lib/api.ts';

/**
 * POST /account/email/verify: the token of a verification link. A link works once, so its page
 * posts it once, on arrival (no retry, no hook that could post it again).
 */
export async function verifyEmail(token: string): Promise<EmailVerified> {
  return (await api.http.post<{ data: EmailVerified }>('/account/email/verify', { token })).data.data;
}
