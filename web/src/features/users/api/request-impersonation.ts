import { api } from '../../../shared/lib/api.ts';

/** POST /users/{id}/impersonation/request: the user is e-mailed a link to allow access for 24 hours. */
export async function requestImpersonation(userId: number): Promise<void> {
  await api.http.post(`/users/${userId}/impersonation/request`, {});
}
