import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/api/logout.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';

/**
 * The small full-screen notices every start can need (spec §2): access denied, maintenance and
 * offline. The start-up notices of GlobalNotice.tsx load only when a start-up ends in one.
 */

export function LogoutButton() {
  const { t } = useTranslation();
  return <Button onClick={() => void logout()}>{t('layout.account.logout')}</Button>;
}

/** Spec §2/§5: 'Access denied' with 'User has no view permissions available'. */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('notices.accessDenied.title')}>
      <Typography data-testid="access-denied">{t('notices.accessDenied.body')}</Typography>
      <Stack direction="row" sx={{ mt: 2 }}>
        <LogoutButton />
      </Stack>
    </AccountCard>
  );
}

/** Spec §2/§4: the maintenance screen (unknown start-up failure, revocation failing 3 times). */
export function Maintenance() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('notices.maintenance.title')}>
      <Typography data-testid="maintenance">{t('notices.maintenance.body')}</Typography>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => window.location.reload()}>
        {t('notices.maintenance.retry')}
      </Button>
    </AccountCard>
  );
}

/**
 * A page that could not load because the network is gone (spec §8): the offline text, and the
 * page loads again by itself once the browser is back online.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return (
    <AccountCard title={t('errors.connectionLost')}>
      <Typography data-testid="offline-notice">{t('errors.offline')}</Typography>
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => window.location.reload()}>
        {t('notices.maintenance.retry')}
      </Button>
    </AccountCard>
  );
}
