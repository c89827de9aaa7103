import type { AuditLogEntry } from '@fleetport/contracts/audit';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import type { GridPhone } from '../../shared/grid/phone.tsx';
import { useServerList } from '../../shared/grid/use-server-list.ts';
import { EventFilter } from '../../shared/history/EventFilter.tsx';
import { historySentence } from '../../shared/history/sentence.ts';
import { RouteTabs } from '../../shared/routing/RouteTabs.tsx';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { AUDIT_LOG_KEY, AUDIT_LOG_URL } from './api/list-audit-log.ts';

/**
 * /statistics/action-logs (spec §2 Statistics): the audit log of the companies the user sees,
 * newest first, each entry as a sentence (who, what, how it ended) with its details one click
 * away; `?event=` keeps the entries of one event type (the API filters).
 */
export default function ActionLogsPage() {
  const { t, i18n } = useTranslation();
  const titleOf = useRouteTitle();
  const [event, chooseEvent] = useAddressFilter('event');
  const columns = useMemo<ServerColumn<AuditLogEntry>[]>(() => {
    const sentence = (row: AuditLogEntry) => historySentence(t, row, { language: i18n.language });
    return [
      { ...dateColumn('at', t('device.statistics.log.when'), i18n.language), sortable: false },
      {
        field: 'event',
        headerName: t('device.statistics.log.action'),
        flex: 2,
        minWidth: 320,
        sortable: false,
        valueFormatter: (_value, row) => sentence(row),
      },
      {
        field: 'details',
        headerName: t('history.details.show'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Button
            size="small"
            data-testid="history-details-open"
            onClick={() =>
              void import('../../shared/history/history-dialog.tsx').then((module) =>
                module.openHistoryDetails(sentence(row), row),
              )
            }
          >
            {t('history.details.show')}
          </Button>
        ),
      },
      {
        field: 'user_email',
        headerName: t('device.statistics.log.who'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueFormatter: (_value, row) =>
          `${row.user_email ?? '—'}${row.actor_user_id ? ` ${t('device.statistics.log.impersonated')}` : ''}`,
      },
      {
        field: 'company_name',
        headerName: t('device.statistics.log.company'),
        flex: 1,
        minWidth: 160,
        sortable: false,
      },
      {
        field: 'subject_name',
        headerName: t('device.statistics.log.item'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) =>
          row.subject_name && row.entity_id ? (
            <RouterLink to={pathOf('device.activity', { id: row.entity_id })} className="device-link">
              {row.subject_name}
            </RouterLink>
          ) : null,
      },
    ];
  }, [t, i18n.language]);
  const fixed = useMemo(() => (event ? { event } : undefined), [event]);
  // On a phone (issue 28): when and what, then the item (or who, or where) the user chooses.
  const phone = useMemo<GridPhone<AuditLogEntry>>(
    () => ({
      // The sentence says who did what: it gets the phone's width; the time is the column beside it.
      keep: ['event'],
      choices: ['at', 'subject_name', 'user_email', 'company_name', 'details'],
      title: (row) => historySentence(t, row, { language: i18n.language }),
    }),
    [t, i18n.language],
  );
  const list = useServerList<AuditLogEntry>({
    gridId: 'action-logs',
    url: AUDIT_LOG_URL,
    queryKey: AUDIT_LOG_KEY,
    inAddress: true,
    initial: { sort: [] },
    fixed,
  });
  return (
    <>
      <RouteTabs parent="statistics" current="statistics.action-logs" label={t('route.statistics')} />
      <ListToolbar<AuditLogEntry>
        searchLabel={t('device.statistics.log.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        fields={<EventFilter value={event} onChange={chooseEvent} />}
        activeFields={event ? 1 : 0}
      />
      <ListGrid<AuditLogEntry>
        phone={phone}
        list={list}
        label={titleOf('statistics.action-logs')}
        columns={columns}
        emptyText={t('device.statistics.log.empty')}
      />
    </>
  );
}
