import { api } from '../../../shared/lib/api.ts';

/** DELETE /tags/{id}: the tag leaves its devices too. */
export async function deleteTag(id: number): Promise<void> {
  await api.http.delete(`/tags/${id}`);
}
