import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { api } from '../../shared/lib/api.ts';
import { ensureArea } from '../../shared/lib/i18n.ts';
import { usePageLabel } from '../../shared/routing/page-labels.ts';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { type CompanyListItem, companyKey } from './api.ts';
import { CompanyTabs } from './CompanyTabs.tsx';

// The strings of this code come with it, not with the page (lib/i18n.ts).
await ensureArea('admin');

/**
 * A tab of a company page (/companies/{company_id}/…): the company (GET /companies/{id}, which
 * answers 403 for one the user may not see), its name on the heading and breadcrumbs, the tab
 * bar, then the tab's content.
 */
export function CompanyTabFrame({
  tab,
  actions,
  children,
}: {
  tab: string;
  /** Beside the tab bar (the company's brand link, composed in by the app). */
  actions?: (company: CompanyListItem) => ReactNode;
  children: (company: CompanyListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = Number(useParams().company_id);
  const valid = Number.isInteger(id) && id > 0;
  const company = useQuery({
    queryKey: companyKey(id),
    // Live data: shown from the cache, asked again on every visit.
    staleTime: 0,
    queryFn: async ({ signal }) =>
      (await api.http.get<{ data: CompanyListItem }>(`/companies/${id}`, { signal })).data.data,
    enabled: valid,
  });
  usePageLabel('company', company.data?.name);
  if (!valid || company.isError) {
    return (
      <Alert severity="error">
        {company.isError ? messageOf(company.error) : t('admin.companies.loadFailed')}
      </Alert>
    );
  }
  if (company.isPending) return <PageLoading />;
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <CompanyTabs companyId={id} current={tab} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          {actions?.(company.data)}
        </Stack>
      </Stack>
      {children(company.data)}
    </>
  );
}
