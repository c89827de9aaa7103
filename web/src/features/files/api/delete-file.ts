import { api } from '../../../shared/lib/api.ts';

/** DELETE /files/{id}: refused (409) while a firmware campaign uses the file; no credit comes back. */
export async function deleteFile(id: number): Promise<void> {
  await api.http.delete(`/files/${id}`);
}
