import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../shared/lib/auth.ts';
import { AccountCard } from '../../shared/ui/AccountCard.tsx';
import { MfaSettings } from './MfaSettings.tsx';
import { PasswordChange } from './PasswordChange.tsx';

/** Account settings (standalone, branded): profile, password change and MFA. */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [mfaType, setMfaType] = useState(user.mfa_type);
  return (
    <AccountCard title={t('account.title')} wide>
      <Stack spacing={3}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
          {t('account.back')}
        </Button>
        <section aria-labelledby="profile-heading">
          <Typography id="profile-heading" variant="h6" component="h2" gutterBottom>
            {t('account.profile.title')}
          </Typography>
          <Stack
            component="dl"
            spacing={0.5}
            sx={{ m: 0, '& dt': { color: 'text.secondary', fontSize: 14 }, '& dd': { m: 0, mb: 1 } }}
          >
            <dt>{t('auth.fields.email')}</dt>
            <dd data-testid="profile-email">{user.email}</dd>
            <dt>{t('account.profile.company')}</dt>
            <dd>{t('layout.account.company', { id: user.company_id, name: user.company_name })}</dd>
            <dt>{t('account.profile.role')}</dt>
            <dd>{user.role_title}</dd>
          </Stack>
        </section>
        <Divider />
        <section aria-labelledby="password-heading">
          <Typography id="password-heading" variant="h6" component="h2" gutterBottom>
            {t('account.password.title')}
          </Typography>
          <PasswordChange />
        </section>
        <Divider />
        <section aria-labelledby="mfa-heading">
          <Typography id="mfa-heading" variant="h6" component="h2" gutterBottom>
            {t('account.mfa.title')}
          </Typography>
          <MfaSettings mfaType={mfaType} onChanged={setMfaType} />
        </section>
      </Stack>
    </AccountCard>
  );
}
