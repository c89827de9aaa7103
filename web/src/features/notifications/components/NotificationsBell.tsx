import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../../shared/lib/auth.ts';
import { useOpenedOnce } from '../../../shared/ui/lazy-mui.tsx';
import { useLatestNotifications, useLiveNotifications } from '../api/list-notifications.ts';
import { useMarkNotificationsSeen } from '../api/mark-notifications-seen.ts';

/** The dropdown's code comes with its first opening (first-load budget). */
const NotificationsPanel = lazy(() =>
  import('./NotificationsPanel.tsx').then((module) => ({ default: module.NotificationsPanel })),
);

/**
 * The unseen count on the bell, as MUI's Badge draws it (its class name kept for the tests and
 * themes), without the Badge component on every first load (the first-load budget).
 */
const BADGE_SX = {
  position: 'relative',
  display: 'inline-flex',
  '& .MuiBadge-badge': {
    position: 'absolute',
    top: 0,
    right: 0,
    transform: 'scale(1) translate(50%, -50%)',
    minWidth: 20,
    height: 20,
    px: '6px',
    borderRadius: '10px',
    boxSizing: 'border-box',
    bgcolor: 'error.main',
    color: 'error.contrastText',
    fontSize: '0.75rem',
    fontWeight: 500,
    lineHeight: '20px',
    textAlign: 'center',
  },
} as const;

/**
 * Spec §2 "Header": the bell with the unseen count, a dropdown ('No notifications' when empty)
 * and 'Show all notifications'. Spec §4: closing the dropdown while unseen ones are listed marks
 * them seen and reloads; new ones arrive live and are prepended.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const latest = useLatestNotifications();
  const markSeen = useMarkNotificationsSeen();
  useLiveNotifications(user.id);
  const unseen = latest.data?.unseen ?? 0;
  const opened = useOpenedOnce(anchor !== null);

  const close = () => {
    setAnchor(null);
    const ids = (latest.data?.items ?? []).filter((item) => item.seen_at === null).map((item) => item.id);
    if (ids.length > 0) markSeen.mutate(ids);
  };

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('notifications.bell', { count: unseen })}
        aria-haspopup="dialog"
        data-testid="notifications-bell"
      >
        <Box component="span" data-testid="notifications-badge" sx={BADGE_SX}>
          <NotificationsIcon />
          {unseen > 0 && <span className="MuiBadge-badge">{unseen > 99 ? '99+' : unseen}</span>}
        </Box>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <NotificationsPanel anchor={anchor} latest={latest} close={close} />
        </Suspense>
      )}
    </>
  );
}
