import { api } from '../../../shared/lib/api.ts';

/** DELETE /users/{id}: the API asks for the password again (423). */
export async function deleteUser(id: number): Promise<void> {
  await api.http.delete(`/users/${id}`);
}
