import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';

/**
 * The Task manager's way to the operations that make task groups over a configuration (issue
 * 22): Configure devices (for those who manage tasks), the saved templates (Device
 * configuration) and the Backups page (backups and their periodic rules). Real links: they open
 * in a new tab and can be copied.
 */
export function OperationsMenu() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const items = [
    ...(can(user, 'manage_device_task_groups')
      ? [{ route: 'configure-devices' as const, label: t('tasks.operations.configure') }]
      : []),
    { route: 'device-configuration' as const, label: t('tasks.operations.templates') },
    { route: 'upload-backup' as const, label: t('tasks.operations.backups') },
  ];
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="task-groups-operations"
      >
        {t('tasks.operations.open')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.map((item) => (
          <MenuItem key={item.route} component={RouterLink} to={pathOf(item.route)} onClick={close}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
