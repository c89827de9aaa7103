import type { Tag } from '@fleetport/contracts/tags';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import { filterParamsOf, type ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { TAGS_URL, useTagList } from './api/list-tags.ts';

const TagLink = lazy(() => import('./TagLink.tsx').then((module) => ({ default: module.TagLink })));
const TagActions = lazy(() => import('./TagActions.tsx').then((module) => ({ default: module.TagActions })));
const dialogs = () => import('./tag-dialogs.tsx');

/** The grid on a phone (issue 28). */
const PHONE = { keep: ['name'] } as const;

/** The tags of the companies the user sees (spec §2 /tags), or of one company (its Tags tab). */
export function TagsList({ companyId }: { companyId?: number }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const manages = can(user, 'manage_tags');
  const columns = useMemo<ServerColumn<Tag>[]>(
    () => [
      {
        field: 'name',
        headerName: t('admin.tags.columns.name'),
        flex: 1,
        minWidth: 160,
        filter: { param: 'name', match: 'contains' },
        renderCell: ({ row }) => (
          <Suspense fallback={row.name}>
            <TagLink tag={row} />
          </Suspense>
        ),
      },
      { field: 'description', headerName: t('admin.tags.columns.description'), flex: 2, minWidth: 200 },
      ...(companyId
        ? []
        : [
            {
              field: 'company_name',
              headerName: t('admin.tags.columns.company'),
              flex: 1,
              minWidth: 150,
              filter: { param: 'company_name', match: 'contains' },
            } satisfies ServerColumn<Tag>,
          ]),
      dateColumn('created_at', t('admin.tags.columns.created'), i18n.language),
      ...(manages
        ? [
            actionsColumn<Tag>(t('admin.users.columns.actions'), 110, (row) => (
              <TagActions tag={row} queryClient={queryClient} />
            )),
          ]
        : []),
    ],
    [t, i18n.language, manages, queryClient, companyId],
  );
  const filterable = useMemo(() => filterParamsOf(columns), [columns]);
  const list = useTagList({ companyId, filterable });
  return (
    <>
      <ListToolbar<Tag>
        searchLabel={t('admin.tags.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: TAGS_URL,
          params: list.exportParams,
          fileName: t('admin.tags.exportFile'),
          columns: [
            { header: t('admin.tags.columns.name'), value: (row) => row.name },
            { header: t('admin.tags.columns.description'), value: (row) => row.description },
            { header: t('admin.tags.columns.company'), value: (row) => row.company_name },
            { header: t('admin.tags.fields.color'), value: (row) => row.color },
          ],
        }}
      >
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openNewTag(companyId))}
            data-testid="new-tag"
          >
            {t('admin.tags.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<Tag>
        phone={PHONE}
        list={list}
        label={t('route.tags')}
        columns={columns}
        emptyText={t('admin.tags.empty')}
        noMatchText={t('admin.tags.noMatch')}
      />
    </>
  );
}
