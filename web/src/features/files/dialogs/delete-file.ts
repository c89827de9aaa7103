import type { CompanyFile } from '@fleetport/contracts/files';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { confirmAction } from '../../../shared/modals/confirm-action.ts';
import { deleteFile } from '../api/delete-file.ts';
import { FILES_KEY } from '../api/list-files.ts';

/**
 * Delete file, behind a question naming it; a refusal (409: a firmware campaign uses it) stays in
 * the dialog in the server's words.
 */
export function confirmDeleteFile(file: CompanyFile, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-file',
    title: i18next.t('files.actions.delete'),
    subtitle: file.name,
    prompt: i18next.t('files.delete.confirm', { name: file.name }),
    confirmLabel: i18next.t('files.actions.delete'),
    action: () => deleteFile(file.id),
    doneMessage: i18next.t('files.delete.done', { name: file.name }),
    queryClient,
    reload: [FILES_KEY],
  });
}
