import type { Notification } from '@fleetport/contracts/notifications';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../shared/lib/brand.ts';
import { formatDateTime } from '../../../shared/lib/dates.ts';

/**
 * One notification: summary, time in the display zone, unseen marker. creditAmountTooLow shows
 * the brand's purchase link to users of a company with show_payment (spec §6).
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const unseen = notification.seen_at === null;
  const buyLink =
    notification.type === 'creditAmountTooLow' && notification.data.show_payment === true
      ? brand.purchase_link
      : undefined;
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      data-testid="notification"
      data-unseen={unseen}
      title={unseen ? t('notifications.unseen') : undefined}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          borderRadius: '50%',
          flex: 'none',
          bgcolor: unseen ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: unseen ? 600 : 400, overflowWrap: 'anywhere' }}>
          {notification.summary}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {formatDateTime(notification.created_at, i18n.language)}
        </Typography>
        {buyLink && (
          <Link
            href={buyLink}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            data-testid="purchase-link"
          >
            {t('notifications.buyCredits')}
          </Link>
        )}
      </Box>
    </Box>
  );
}
