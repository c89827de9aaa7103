import type { CompanyListItem } from '@fleetport/contracts/companies';
import { MAX_COMPANY_LEVEL } from '@fleetport/contracts/company-levels';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import { filterParamsOf, type ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useBrand } from '../../shared/lib/brand.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { COMPANIES_URL, useCompanyList } from './api/list-companies.ts';
import { levelLabel } from './level-label.ts';

// The row actions render inside the grid, which is lazy too: they come with it.
const CompanyLink = lazy(() =>
  import('./CompanyLink.tsx').then((module) => ({ default: module.CompanyLink })),
);
const CompanyActions = lazy(() =>
  import('./CompanyActions.tsx').then((module) => ({ default: module.CompanyActions })),
);

const LEVELS = Array.from({ length: MAX_COMPANY_LEVEL }, (_, index) => index + 1);

/** The grid on a phone (issue 28). */
const PHONE = { keep: ['name'], choices: ['parent_name', 'level', 'users', 'subsidiaries', 'id'] } as const;

/**
 * /companies (spec §2): the companies the user may see, paged, sorted, filtered and
 * searched by the server; columns chosen by the user (kept in user storage); CSV export of the
 * whole filtered list; new, edit, move and delete for those who manage companies.
 */
export default function CompaniesPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const manages = can(user, 'manage_companies');
  const viewsCredits = can(user, 'view_credits');
  const brand = useBrand();

  const columns = useMemo<ServerColumn<CompanyListItem>[]>(
    () => [
      {
        field: 'id',
        headerName: t('admin.companies.columns.id'),
        type: 'number',
        width: 90,
        filter: { param: 'id', match: 'equals' },
      },
      {
        field: 'name',
        headerName: t('admin.companies.columns.name'),
        flex: 2,
        minWidth: 180,
        filter: { param: 'name', match: 'contains' },
        renderCell: ({ row }) => (
          <Suspense fallback={row.name}>
            <CompanyLink id={row.id} name={row.name} />
          </Suspense>
        ),
      },
      {
        field: 'parent_name',
        headerName: t('admin.companies.columns.parent'),
        flex: 1.5,
        minWidth: 160,
        filter: { param: 'parent_name', match: 'contains' },
        valueGetter: (_value, row) => row.parent_name ?? '',
      },
      {
        field: 'level',
        headerName: t('admin.companies.columns.level'),
        type: 'singleSelect',
        width: 170,
        valueOptions: LEVELS.map((level) => ({ value: level, label: levelLabel(t, level) })),
        filter: { param: 'level', match: 'equals' },
      },
      { field: 'users', headerName: t('admin.companies.columns.users'), type: 'number', width: 100 },
      {
        field: 'subsidiaries',
        headerName: t('admin.companies.columns.subsidiaries'),
        type: 'number',
        width: 120,
      },
      ...(viewsCredits
        ? [
            {
              field: 'credits_left',
              headerName: t('admin.credits.creditsLeft'),
              type: 'number',
              width: 120,
            } satisfies ServerColumn<CompanyListItem>,
          ]
        : []),
      ...(viewsCredits && brand.data_feature
        ? [
            {
              field: 'remaining_data',
              headerName: t('admin.credits.remainingData'),
              type: 'number',
              width: 140,
              valueFormatter: (value: number) => t('admin.credits.gb', { value }),
            } satisfies ServerColumn<CompanyListItem>,
          ]
        : []),
      dateColumn('created_at', t('admin.companies.columns.created'), i18n.language),
      ...(manages
        ? [
            actionsColumn<CompanyListItem>(t('admin.companies.columns.actions'), 150, (row) => (
              <CompanyActions company={row} queryClient={queryClient} />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient, viewsCredits, brand.data_feature],
  );
  const filterable = useMemo(() => filterParamsOf(columns), [columns]);
  const list = useCompanyList({ filterable });

  return (
    <>
      <ListToolbar<CompanyListItem>
        searchLabel={t('admin.companies.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: COMPANIES_URL,
          params: list.exportParams,
          fileName: t('admin.companies.exportFile'),
          columns: [
            { header: t('admin.companies.columns.id'), value: (row) => row.id },
            { header: t('admin.companies.columns.name'), value: (row) => row.name },
            { header: t('admin.companies.columns.parent'), value: (row) => row.parent_name },
            { header: t('admin.companies.columns.level'), value: (row) => levelLabel(t, row.level) },
            { header: t('admin.companies.columns.users'), value: (row) => row.users },
            { header: t('admin.companies.columns.subsidiaries'), value: (row) => row.subsidiaries },
            { header: t('admin.companies.columns.created'), value: (row) => row.created_at },
          ],
        }}
      >
        <Button component={RouterLink} to={pathOf('companies.tree')}>
          {t('admin.companies.treeView')}
        </Button>
        {manages && (
          <Button
            onClick={() => void import('./company-dialogs.tsx').then((module) => module.openInviteCompany())}
            data-testid="invite-company"
          >
            {t('admin.companies.inviteCompany')}
          </Button>
        )}
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void import('./company-dialogs.tsx').then((module) => module.openNewCompany())}
            data-testid="new-company"
          >
            {t('admin.companies.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<CompanyListItem>
        phone={PHONE}
        list={list}
        label={t('route.companies')}
        columns={columns}
        emptyText={t('admin.companies.empty')}
        noMatchText={t('admin.companies.noMatch')}
      />
    </>
  );
}
