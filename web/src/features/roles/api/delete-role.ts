import { api } from '../../../shared/lib/api.ts';

/** DELETE /roles/{id}: a custom role nobody holds (the API refuses a held one). */
export async function deleteRole(id: number): Promise<void> {
  await api.http.delete(`/roles/${id}`);
}
