import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../shared/api/messages.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { useAllNotifications } from './api/list-notification-pages.ts';
import { useMarkNotificationsSeen } from './api/mark-notifications-seen.ts';
import { NotificationItem } from './components/NotificationItem.tsx';

/** /notifications: every notification of the user, newest first, loaded a page at a time. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const markSeen = useMarkNotificationsSeen();
  const query = useAllNotifications();
  if (query.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (query.isError)
    return <ErrorAlert>{messageOf(query.error) || t('notifications.loadFailed')}</ErrorAlert>;
  const items = query.data.pages.flatMap((page) => page.items);
  const unseenIds = items.filter((item) => item.seen_at === null).map((item) => item.id);
  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', p: 2, gap: 2 }}>
        <Typography sx={{ flex: 1 }} color="text.secondary">
          {t('notifications.count', { count: query.data.pages[0]?.total ?? 0 })}
        </Typography>
        <Button
          disabled={unseenIds.length === 0 || markSeen.isPending}
          onClick={() => markSeen.mutate(unseenIds)}
        >
          {t('notifications.markAllSeen')}
        </Button>
      </Box>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('notifications.none')}
        </Typography>
      ) : (
        <List disablePadding data-testid="notifications-list">
          {items.map((notification) => (
            <ListItem key={notification.id} divider>
              <NotificationItem notification={notification} />
            </ListItem>
          ))}
        </List>
      )}
      {query.hasNextPage && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {t('notifications.loadMore')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
