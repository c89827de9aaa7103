import Check from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import { useColorScheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { can, isImpersonating, useSignedInUser } from '../../../shared/lib/auth.ts';
import { type DarkModeSetting, readDarkMode, writeDarkMode } from '../../../shared/lib/browser-settings.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';

const MODES: readonly DarkModeSetting[] = ['auto', 'on', 'off'];
const MUI_MODE = { auto: 'system', on: 'dark', off: 'light' } as const;

export interface AccountMenuPanelProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  onOpenDialog: (dialog: 'permissions' | 'timezone') => void;
}

/**
 * The account widget's panel (spec §2 "Header"): e-mail, `#id company`, role title (a button
 * opening 'User permissions' for holders of view_permissions); Account settings (hidden while
 * impersonating), Dark mode, System timezone, Logout ('Logout & cancel impersonation').
 * Fetched when first opened.
 */
export function AccountMenuPanel({ anchor, onClose, onOpenDialog }: AccountMenuPanelProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { setMode } = useColorScheme();
  const [darkMode, setDarkMode] = useState(readDarkMode);
  const impersonating = isImpersonating(user);
  const close = onClose;
  const setDialog = onOpenDialog;

  const chooseMode = (mode: DarkModeSetting) => {
    writeDarkMode(mode);
    setDarkMode(mode);
    setMode(MUI_MODE[mode]);
  };

  // Who is signed in sits above the menu proper: a menu holds only menu items (ARIA).
  return (
    <Popover
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      data-testid="account-menu"
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
        <Typography variant="subtitle2" noWrap data-testid="account-email">
          {user.email}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap data-testid="account-company">
          {t('layout.account.company', { id: user.company_id, name: user.company_name })}
        </Typography>
        {can(user, 'view_permissions') ? (
          <Button
            size="small"
            sx={{ px: 0, minWidth: 0, textTransform: 'none' }}
            onClick={() => {
              close();
              setDialog('permissions');
            }}
            data-testid="account-role"
          >
            {user.role_title}
          </Button>
        ) : (
          <Typography variant="body2" data-testid="account-role">
            {user.role_title}
          </Typography>
        )}
      </Box>
      <Divider />
      <MenuList autoFocusItem dense aria-label={t('layout.account.open')}>
        {!impersonating && (
          <MenuItem component={RouterLink} to={pathOf('account.settings')} onClick={close}>
            <ListItemIcon>
              <ManageAccountsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('layout.account.settings')}</ListItemText>
          </MenuItem>
        )}
        <ListSubheader role="none" sx={{ lineHeight: '32px', display: 'flex', alignItems: 'center', gap: 1 }}>
          <DarkModeIcon fontSize="small" />
          {t('layout.account.darkMode')}
        </ListSubheader>
        {MODES.map((mode) => (
          <MenuItem
            key={mode}
            role="menuitemradio"
            aria-checked={darkMode === mode}
            onClick={() => chooseMode(mode)}
            data-testid={`dark-mode-${mode}`}
          >
            <ListItemIcon>{darkMode === mode && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`layout.account.mode.${mode}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setDialog('timezone');
          }}
          data-testid="timezone-open"
        >
          <ListItemIcon>
            <ScheduleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('layout.account.timezone')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/changelog" onClick={close} data-testid="changelog-open">
          <ListItemIcon>
            <NewReleasesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('layout.account.changelog')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/logout" onClick={close} data-testid="logout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>
            {impersonating ? t('layout.account.logoutAndCancelImpersonation') : t('layout.account.logout')}
          </ListItemText>
        </MenuItem>
      </MenuList>
    </Popover>
  );
}
