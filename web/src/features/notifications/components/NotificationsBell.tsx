import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LazyPopover } from '../../../components/lazy-mui.tsx';
import { useSignedInUser } from '../../../lib/auth.ts';
import { messageOf } from '../../../shared/api/messages.ts';
import { useLatestNotifications, useLiveNotifications, useMarkSeen } from '../api/notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';

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
  const markSeen = useMarkSeen();
  useLiveNotifications(user.id);
  const unseen = latest.data?.unseen ?? 0;

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
        <Badge badgeContent={unseen} color="error" max={99} data-testid="notifications-badge">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <LazyPopover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
            role: 'dialog',
            'aria-label': t('notifications.title'),
          },
        }}
      >
        <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        <Divider />
        <Box sx={{ maxHeight: 400, overflowY: 'auto' }} data-testid="notifications-dropdown">
          {latest.isPending ? (
            <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
              <CircularProgress size={24} aria-label={t('common.loading')} />
            </Box>
          ) : latest.isError ? (
            <Typography color="error" sx={{ p: 2 }}>
              {messageOf(latest.error) || t('notifications.loadFailed')}
            </Typography>
          ) : latest.data.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('notifications.none')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {latest.data.items.map((notification) => (
                <ListItem key={notification.id} divider>
                  <NotificationItem notification={notification} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button
            component={RouterLink}
            to="/notifications"
            onClick={close}
            data-testid="notifications-show-all"
          >
            {t('notifications.showAll')}
          </Button>
        </Box>
      </LazyPopover>
    </>
  );
}
