import { api } from '../../../shared/lib/api.ts';

/** POST /users/invitations/{id}/resend: a new link and expiry, e-mailed again. */
export async function resendInvitation(id: number): Promise<void> {
  await api.http.post(`/users/invitations/${id}/resend`);
}
