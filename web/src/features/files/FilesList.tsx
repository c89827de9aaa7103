import type { CompanyFile } from '@fleetport/contracts/files';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, dateColumn } from '../../shared/grid/columns.tsx';
import type { ServerColumn } from '../../shared/grid/grid-query.ts';
import { ListGrid } from '../../shared/grid/ListGrid.tsx';
import { ListToolbar } from '../../shared/grid/ListToolbar.tsx';
import { useAddressFilter } from '../../shared/grid/list-address.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { FILES_URL, useFileList } from './api/list-files.ts';
import { FileKindSelect } from './FileKindSelect.tsx';
import { familiesText, kindName, ownerName, sizeText } from './file-words.ts';

// Cells with buttons come with the grid, not with the page.
const ShaCell = lazy(() => import('./ShaCell.tsx').then((module) => ({ default: module.ShaCell })));
const FileActions = lazy(() =>
  import('./FileActions.tsx').then((module) => ({ default: module.FileActions })),
);
const dialogs = () => import('./dialogs/upload-file.tsx');

export interface FilesListProps {
  /** A company's Files tab: that company's files only, uploads go there. */
  companyId?: number | undefined;
  /** The Global Firmware page: the catalogue only, uploads go there. */
  global?: boolean | undefined;
}

function fileColumns(
  t: TFunction,
  language: string,
  { companyId, global }: FilesListProps,
  queryClient: QueryClient,
): ServerColumn<CompanyFile>[] {
  return [
    {
      field: 'name',
      headerName: t('files.columns.name'),
      flex: 1.5,
      minWidth: 200,
      cellClassName: 'file-name',
    },
    ...(global
      ? []
      : [
          {
            field: 'kind',
            headerName: t('files.columns.kind'),
            width: 130,
            valueFormatter: (value: CompanyFile['kind']) => kindName(t, value),
          } satisfies ServerColumn<CompanyFile>,
        ]),
    ...(global || companyId
      ? []
      : [
          {
            field: 'company_name',
            headerName: t('files.columns.company'),
            flex: 1,
            minWidth: 150,
            valueGetter: (_value: unknown, row: CompanyFile) => ownerName(t, row),
          } satisfies ServerColumn<CompanyFile>,
        ]),
    {
      field: 'version',
      headerName: t('files.columns.version'),
      width: 150,
      valueFormatter: (value: string | null) => value ?? '',
    },
    {
      field: 'families',
      headerName: t('files.columns.families'),
      width: 140,
      sortable: false,
      valueFormatter: (value: string[]) => (value.length ? familiesText(t, value) : ''),
    },
    {
      field: 'size',
      headerName: t('files.columns.size'),
      type: 'number',
      width: 100,
      valueFormatter: (value: number) => sizeText(value),
    },
    {
      field: 'sha256',
      headerName: t('files.columns.sha256'),
      width: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Suspense fallback={row.sha256.slice(0, 12)}>
          <ShaCell sha256={row.sha256} />
        </Suspense>
      ),
    },
    ...(global
      ? [
          {
            field: 'release_notes',
            headerName: t('files.columns.releaseNotes'),
            flex: 1.5,
            minWidth: 200,
            sortable: false,
            valueFormatter: (value: string | null) => value ?? '',
          } satisfies ServerColumn<CompanyFile>,
        ]
      : [
          {
            field: 'uploaded_by_name',
            headerName: t('files.columns.uploadedBy'),
            flex: 1,
            minWidth: 140,
            valueFormatter: (value: string | null) => value ?? t('files.values.nobody'),
          } satisfies ServerColumn<CompanyFile>,
        ]),
    dateColumn('created_at', t('files.columns.uploaded'), language),
    actionsColumn<CompanyFile>(t('files.columns.actions'), 170, (row) => (
      <FileActions file={row} queryClient={queryClient} />
    )),
  ];
}

/** The grid on a phone (issue 28). */
const PHONE = { keep: ['name'] } as const;

/**
 * Spec §2 /files: the files the user sees (its companies', the global catalogue's, and those
 * shared with its company), a company's (its Files tab), or the global firmware catalogue
 * (Global Firmware). Search, kind, sort and page are in the address.
 */
export function FilesList({ companyId, global }: FilesListProps) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [kind, chooseKind] = useAddressFilter('kind');
  const uploads = can(user, global ? 'upload_files_global_scope' : 'manage_files');
  const columns = useMemo(
    () => fileColumns(t, i18n.language, { companyId, global }, queryClient),
    [t, i18n.language, companyId, global, queryClient],
  );
  const list = useFileList({ companyId, global, kind: global ? undefined : kind });
  return (
    <>
      <ListToolbar<CompanyFile>
        searchLabel={t(global ? 'files.page.searchGlobal' : 'files.page.search')}
        onSearch={list.setSearch}
        search={list.state.search}
        csv={{
          url: FILES_URL,
          params: list.exportParams,
          fileName: t(global ? 'files.page.exportGlobalFile' : 'files.page.exportFile'),
          columns: [
            { header: t('files.columns.name'), value: (row) => row.name },
            { header: t('files.columns.kind'), value: (row) => kindName(t, row.kind) },
            { header: t('files.columns.company'), value: (row) => ownerName(t, row) },
            { header: t('files.columns.version'), value: (row) => row.version },
            { header: t('files.columns.families'), value: (row) => row.families.join(' ') },
            { header: t('files.columns.size'), value: (row) => row.size },
            { header: t('files.columns.sha256'), value: (row) => row.sha256 },
            { header: t('files.columns.uploadedBy'), value: (row) => row.uploaded_by_name },
            { header: t('files.columns.uploaded'), value: (row) => row.created_at },
          ],
        }}
        fields={global ? undefined : <FileKindSelect value={kind} onChange={chooseKind} />}
        activeFields={kind ? 1 : 0}
      >
        {uploads && (
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            onClick={() => void dialogs().then((module) => module.openUploadFile({ companyId, global }))}
            data-testid="upload-file"
          >
            {t(global ? 'files.upload.newFirmware' : 'files.upload.new')}
          </Button>
        )}
      </ListToolbar>
      <ListGrid<CompanyFile>
        phone={PHONE}
        list={list}
        label={t(global ? 'files.page.labelGlobal' : 'files.page.label')}
        columns={columns}
        emptyText={t(global ? 'files.page.emptyGlobal' : 'files.page.empty')}
      />
    </>
  );
}
