import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../../shared/api/messages.ts';
import { pathOf } from '../../../shared/routing/web-routes.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import type { useLatestNotifications } from '../api/list-notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';

export interface NotificationsPanelProps {
  anchor: HTMLElement | null;
  latest: ReturnType<typeof useLatestNotifications>;
  close: () => void;
}

/** The bell's dropdown (spec §2): 'No notifications' when empty, 'Show all notifications'. */
export function NotificationsPanel({ anchor, latest, close }: NotificationsPanelProps) {
  const { t } = useTranslation();
  return (
    <Popover
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
          <ErrorAlert sx={{ m: 2 }}>{messageOf(latest.error) || t('notifications.loadFailed')}</ErrorAlert>
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
          to={pathOf('notifications')}
          onClick={close}
          data-testid="notifications-show-all"
        >
          {t('notifications.showAll')}
        </Button>
      </Box>
    </Popover>
  );
}
