import { api } from '../../../shared/lib/api.ts';

/** DELETE /devices/{id}/notes/{note}. */
export async function deleteNote(deviceId: number, noteId: number): Promise<void> {
  await api.http.delete(`/devices/${deviceId}/notes/${noteId}`);
}
