import { api } from '../../../shared/lib/api.ts';
import { EDGE } from './edge.ts';

/** DELETE /edge/brands/{id} (never the default brand: the edge refuses). */
export async function deleteBrand(id: string): Promise<void> {
  await api.http.delete(`/brands/${encodeURIComponent(id)}`, EDGE);
}
