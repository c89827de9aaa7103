import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { useSignedInUser } from '../../shared/lib/auth.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { useGrantImpersonationAccess } from './api/grant-impersonation-access.ts';

/**
 * /users/confirm-impersonation-access/{token} (spec §2): the page of the e-mail an admin's
 * impersonation request sends. The signed-in user allows access to their account for 24 hours,
 * or leaves the page and nothing changes.
 */
export default function ImpersonationGrantPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const grant = useGrantImpersonationAccess(useParams().token ?? '');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography>{t('admin.impersonation.grantText', { email: user.email })}</Typography>
        {grant.isSuccess ? (
          <Alert severity="success" data-testid="impersonation-granted">
            {t('admin.impersonation.granted', { until: formatDateTime(grant.data, i18n.language) })}
          </Alert>
        ) : (
          <>
            {grant.isError && <ErrorAlert>{messageOf(grant.error)}</ErrorAlert>}
            <Button
              variant="contained"
              onClick={() => grant.mutate()}
              disabled={grant.isPending}
              data-testid="impersonation-allow"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('admin.impersonation.allow')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
