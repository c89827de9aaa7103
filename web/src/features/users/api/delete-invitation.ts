import { api } from '../../../shared/lib/api.ts';

/** DELETE /users/invitations/{id}: the invitation's link stops working. */
export async function deleteInvitation(id: number): Promise<void> {
  await api.http.delete(`/users/invitations/${id}`);
}
