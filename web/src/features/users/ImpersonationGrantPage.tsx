import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { api } from '../../shared/lib/api.ts';
import { useSignedInUser } from '../../shared/lib/auth.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await ensureArea('admin');

/**
 * /users/confirm-impersonation-access/{token} (spec §2): the page of the e-mail an admin's
 * impersonation request sends. The signed-in user allows access to their account for 24 hours,
 * or leaves the page and nothing changes.
 */
export default function ImpersonationGrantPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const token = useParams().token ?? '';
  const [state, setState] = useState<
    { status: 'idle' | 'busy' } | { status: 'done'; until: string } | { status: 'failed'; message: string }
  >({ status: 'idle' });
  const allow = async () => {
    setState({ status: 'busy' });
    try {
      const answer = await api.http.post<{ data: { impersonation_access_limit: string } }>(
        `/users/confirm-impersonation-access/${encodeURIComponent(token)}`,
      );
      setState({ status: 'done', until: answer.data.data.impersonation_access_limit });
    } catch (error) {
      setState({ status: 'failed', message: messageOf(error) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography>{t('admin.impersonation.grantText', { email: user.email })}</Typography>
        {state.status === 'done' ? (
          <Alert severity="success" data-testid="impersonation-granted">
            {t('admin.impersonation.granted', { until: formatDateTime(state.until, i18n.language) })}
          </Alert>
        ) : (
          <>
            {state.status === 'failed' && <Alert severity="error">{state.message}</Alert>}
            <Button
              variant="contained"
              onClick={() => void allow()}
              disabled={state.status === 'busy'}
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
