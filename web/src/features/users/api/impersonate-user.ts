import { api } from '../../../shared/lib/api.ts';

/**
 * POST /users/{id}/impersonate: a session as the user (spec §2 impersonation). `extra` carries the
 * admin's second factor when the API asks for it (the step-up runner adds it).
 */
export function impersonateUser(userId: number, extra: Record<string, string>): Promise<unknown> {
  return api.http.post(`/users/${userId}/impersonate`, extra);
}
