import type { Tag } from '@fleetport/contracts/tags';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../shared/ui/RowActions.tsx';

const dialogs = () => import('./tag-dialogs.tsx');

/** Edit and delete for a tag, for users who manage tags. */
export function TagActions({
  tag,
  queryClient,
  onDeleted,
}: {
  tag: Tag;
  queryClient: QueryClient;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <RowActions
      label={t('admin.tags.actions', { name: tag.name })}
      actions={[
        {
          label: t('admin.tags.edit'),
          icon: <EditIcon fontSize="small" />,
          onClick: () => void dialogs().then((module) => module.openEditTag(tag)),
        },
        {
          label: t('admin.tags.delete'),
          icon: <DeleteIcon fontSize="small" />,
          onClick: () =>
            void dialogs()
              .then((module) => module.confirmDeleteTag(tag, queryClient))
              .then((deleted) => {
                if (deleted) onDeleted?.();
              }),
        },
      ]}
    />
  );
}
