import type { CompanyListItem } from '@fleetport/contracts/companies';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useBrand } from '../../shared/lib/brand.ts';
import { formatDateTime } from '../../shared/lib/dates.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { useOnlineDeviceCount } from './api/count-online-devices.ts';
import { CompanyActions } from './CompanyActions.tsx';
import { levelLabel } from './level-label.ts';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h6" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Paper>
  );
}

/** The company's own devices that are online now (spec §4 Online). */
function OnlineDevices({ companyId }: { companyId: number }) {
  const online = useOnlineDeviceCount(companyId);
  return <>{online.data ?? '—'}</>;
}

/**
 * /companies/{company_id}/metrics: the company's figures (tier, parent, users, subsidiaries, its
 * devices and how many are online, credits and data) and, for those who manage companies, edit,
 * move and delete.
 */
export function CompanyMetrics({ data, actions }: { data: CompanyListItem; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const brand = useBrand();
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center' }}>
        <Typography color="text.secondary" data-testid="company-level">
          {levelLabel(t, data.level)}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {can(user, 'manage_companies') && (
          <CompanyActions
            company={data}
            queryClient={queryClient}
            onDeleted={() => void navigate(pathOf('companies'))}
          />
        )}
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gap: 2,
          m: 0,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        <Figure label={t('admin.companies.overview.id')}>#{data.id}</Figure>
        <Figure label={t('admin.companies.overview.parent')} testId="company-parent">
          {data.parent_id && data.parent_name ? (
            <Link component={RouterLink} to={pathOf('company', { company_id: data.parent_id })}>
              {data.parent_name}
            </Link>
          ) : (
            t('admin.companies.noParent')
          )}
        </Figure>
        <Figure label={t('admin.companies.overview.level')}>{levelLabel(t, data.level)}</Figure>
        <Figure label={t('admin.companies.overview.users')} testId="company-users">
          {data.users}
        </Figure>
        <Figure label={t('admin.companies.overview.subsidiaries')} testId="company-subsidiaries">
          {data.subsidiaries}
        </Figure>
        {can(user, 'view_devices') && (
          <Figure label={t('admin.companies.overview.devices')} testId="company-devices">
            <Link component={RouterLink} to={pathOf('company.devices', { company_id: data.id })}>
              {data.devices}
            </Link>
          </Figure>
        )}
        {can(user, 'view_devices') && (
          <Figure label={t('admin.companies.overview.online')} testId="company-online">
            <OnlineDevices companyId={data.id} />
          </Figure>
        )}
        {can(user, 'view_credits') && (
          <Figure label={t('admin.credits.creditsLeft')} testId="company-credits">
            {data.credits_left}
          </Figure>
        )}
        {can(user, 'view_credits') && brand.data_feature && (
          <Figure label={t('admin.credits.remainingData')} testId="company-data">
            {t('admin.credits.gb', { value: data.remaining_data })}
          </Figure>
        )}
        <Figure label={t('admin.companies.overview.created')}>
          {formatDateTime(data.created_at, i18n.language)}
        </Figure>
      </Box>
      {actions}
    </>
  );
}
