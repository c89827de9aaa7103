import i18next from 'i18next';
import { openModal } from '../../../shared/modals/store.ts';
import { deleteNote } from '../api/delete-note.ts';

/** Deletes a note of the device after asking. */
export function confirmDeleteNote(device: { id: number }, noteId: number, onDone: () => void): void {
  openModal({
    id: 'device-delete-note',
    title: i18next.t('device.notes.delete'),
    prompt: i18next.t('device.notes.deleteConfirm'),
    confirmLabel: i18next.t('device.notes.delete'),
    minimizeDisable: true,
    confirm: async () => {
      await deleteNote(device.id, noteId);
      onDone();
    },
  });
}
