import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/brand.ts';

/** Placeholder page until the console shell arrives. */
export function SkeletonHome() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Container component="main" maxWidth="md" sx={{ py: 4 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('app.skeleton.title', { appName: brand.app_name })}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('app.skeleton.body')}</Typography>
          <Typography color="text.secondary">
            {t('app.skeleton.provider', {
              fullAppName: brand.full_app_name,
              companyName: brand.company_name,
            })}
          </Typography>
        </CardContent>
      </Card>
    </Container>
  );
}
