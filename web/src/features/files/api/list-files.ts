import type { CompanyFile } from '@fleetport/contracts/files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';

export const filesKey = ['files', 'list'] as const;

/** GET /files: the files of the companies the user may see, newest first (the first 100). */
export async function fetchFiles(): Promise<CompanyFile[]> {
  return (await api.http.get<{ data: CompanyFile[] }>('/files', { params: { limit: 100 } })).data.data;
}

export const filesQuery = () => queryOptions({ queryKey: filesKey, queryFn: fetchFiles });

export function useFiles() {
  return useQuery(filesQuery());
}
