import type { ApprovedDevice } from '@fleetport/contracts/device-schemas';
import RemoveIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../shared/ui/RowActions.tsx';

const removeDialog = () => import('./dialogs/remove-approved-device.ts');

/**
 * An approved identity's actions: Remove, while it is in no company (a device of a company is
 * deleted there first: the API refuses it too, and the row links to that device).
 */
export function ApprovedActions({ row, queryClient }: { row: ApprovedDevice; queryClient: QueryClient }) {
  const { t } = useTranslation();
  if (row.device_id !== null) return null;
  return (
    <RowActions
      label={t('device.approved.actions', { serial: row.serial })}
      actions={[
        {
          label: t('device.approved.remove'),
          icon: <RemoveIcon fontSize="small" />,
          onClick: () => void removeDialog().then((module) => module.confirmRemoveApproved(row, queryClient)),
        },
      ]}
    />
  );
}
