import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api.ts';
import { EDGE } from './edge.ts';
import { BRANDS_KEY } from './list-brands.ts';

export type BrandImage = 'logo' | 'favicon';

/** PUT /edge/brands/{id}/{logo|favicon}: the file's bytes with its own type. */
export async function uploadBrandImage(id: string, kind: BrandImage, file: File): Promise<void> {
  await api.http.put(`/brands/${encodeURIComponent(id)}/${kind}`, file, {
    ...EDGE,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

/** Uploads one of a brand's images; done once the brands are loaded again (the new image shows). */
export function useUploadBrandImage(id: string, kind: BrandImage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadBrandImage(id, kind, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BRANDS_KEY }),
  });
}
