import type { CompanyFile } from '@fleetport/contracts/files';
import { useMemo } from 'react';
import type { FilterParam } from '../../../shared/grid/grid-query.ts';
import { useServerList } from '../../../shared/grid/use-server-list.ts';

/** Every file query starts with this key: an upload, a share or a delete reloads them all. */
export const FILES_KEY = ['files'] as const;
export const FILES_URL = '/files';

/** Which files a list shows: one company's (its Files tab), the global catalogue, or all the user sees. */
export interface FileListScope {
  companyId?: number | undefined;
  global?: boolean | undefined;
  /** A kind (the toolbar's filter, kept in the address). */
  kind?: string | undefined;
  filterable?: Readonly<Record<string, FilterParam>>;
}

/**
 * GET /files for a grid (spec §2 /files, Global Firmware): newest first; the search, sort and page
 * in the address, with the kind.
 */
export function useFileList({ companyId, global, kind, filterable }: FileListScope) {
  const fixed = useMemo(
    () => ({
      ...(companyId ? { company_id: companyId } : {}),
      ...(global ? { scope: 'global' } : {}),
      ...(kind ? { kind } : {}),
    }),
    [companyId, global, kind],
  );
  return useServerList<CompanyFile>({
    gridId: global ? 'global-firmware' : 'files',
    url: FILES_URL,
    queryKey: [...FILES_KEY, 'list', global ? 'global' : (companyId ?? 'all')],
    inAddress: true,
    filterable,
    fixed,
    initial: { sort: [{ field: 'created_at', sort: 'desc' }] },
  });
}
