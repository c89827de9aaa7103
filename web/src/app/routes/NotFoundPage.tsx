import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';

/** /404 (no authentication needed, spec §2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('notFound.title')}>
      <Typography>{t('notFound.body')}</Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {t('notFound.home')}
      </Button>
    </AccountCard>
  );
}
