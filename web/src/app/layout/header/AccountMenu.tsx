import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { useOpenedOnce } from '../../../shared/ui/lazy-mui.tsx';

// The panel and the dialogs load when first opened (first-load budget).
const AccountMenuPanel = lazy(() =>
  import('./AccountMenuPanel.tsx').then((module) => ({ default: module.AccountMenuPanel })),
);
const PermissionsDialog = lazy(() =>
  import('./PermissionsDialog.tsx').then((module) => ({ default: module.PermissionsDialog })),
);
const TimezoneDialog = lazy(() =>
  import('./TimezoneDialog.tsx').then((module) => ({ default: module.TimezoneDialog })),
);

/** Spec §2 "Header": the account widget's button; its panel is AccountMenuPanel. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'permissions' | 'timezone' | undefined>();
  const opened = useOpenedOnce(anchor !== null);

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('layout.account.open')}
        aria-haspopup="menu"
        data-testid="account-button"
      >
        <AccountCircleIcon />
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <AccountMenuPanel anchor={anchor} onClose={() => setAnchor(null)} onOpenDialog={setDialog} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'permissions' ? (
            <PermissionsDialog open onClose={() => setDialog(undefined)} user={user} />
          ) : (
            <TimezoneDialog open onClose={() => setDialog(undefined)} />
          )}
        </Suspense>
      )}
    </>
  );
}
