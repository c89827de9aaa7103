import type { LocalConfig } from '@fleetport/contracts/config';
import type { ApiClient } from '../../shared/api/client.ts';

/**
 * GET /local/config (spec §7): the installation's limits, asked past every cache at start-up. A
 * 401 is answered as it is: the user call's refresh comes first.
 */
export async function fetchLocalConfig(api: ApiClient): Promise<LocalConfig> {
  const response = await api.http.get<{ data: LocalConfig }>('/local/config', {
    skipAuthRefresh: true,
    headers: { 'Cache-Control': 'no-cache' },
  });
  return response.data.data;
}
