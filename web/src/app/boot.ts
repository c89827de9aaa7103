import type { LocalConfig } from '@fleetport/contracts/config';
import type { StorageEntry } from '@fleetport/contracts/storage';
import axios from 'axios';
import type { ApiClient } from '../shared/api/client.ts';
import type { CurrentUser } from '../shared/lib/auth.ts';
import { DEFAULT_FILE_CONFIG, type FileConfig, setClientConfig } from '../shared/lib/client-config.ts';
import { fetchStorageEntries } from '../shared/lib/user-storage.ts';
import { fetchLocalConfig } from './api/get-local-config.ts';
import { OFFLINE_PAGE } from './guard.ts';

export { DEFAULT_FILE_CONFIG, type FileConfig };

/** Spec §8: the global codes of the session call that have their own full-screen notice. */
export const GLOBAL_NOTICES = ['EMAIL_NOT_VERIFIED', 'NOT_INVITED_EXTERNAL_USER', 'MFA_MANDATORY'] as const;
export type GlobalNotice = (typeof GLOBAL_NOTICES)[number];

export type BootState =
  | { status: 'loading' }
  | { status: 'redirecting' }
  | { status: 'maintenance' }
  | { status: 'notice'; notice: GlobalNotice; fileConfig: FileConfig }
  | {
      status: 'ready';
      user: CurrentUser | undefined;
      localConfig: LocalConfig;
      fileConfig: FileConfig;
      storage: StorageEntry[];
    };

/** Spec §9: max_devices_count defaults to 0. */
export const DEFAULT_LOCAL_CONFIG: LocalConfig = { max_devices_count: 0, total_devices_count: 0 };

export interface BootEnv {
  api: ApiClient;
  online: boolean;
  /** The page's route needs no session (account pages, /404). */
  noAuth: boolean;
  /** Plain fetch, for the static config file outside /api. */
  fetchFile: (url: string) => Promise<Response>;
  goTo: (location: string) => void;
}

async function loadLocalConfig(api: ApiClient): Promise<LocalConfig | 'unauthorized'> {
  try {
    // Forced refresh (spec §7); errors are ignored. A 401 waits for the user call's refresh.
    return { ...DEFAULT_LOCAL_CONFIG, ...(await fetchLocalConfig(api)) };
  } catch (error) {
    return axios.isAxiosError(error) && error.response?.status === 401
      ? 'unauthorized'
      : DEFAULT_LOCAL_CONFIG;
  }
}

async function loadFileConfig(fetchFile: BootEnv['fetchFile']): Promise<FileConfig> {
  try {
    const response = await fetchFile('/localrms-config.json');
    if (!response.ok) return DEFAULT_FILE_CONFIG;
    const body = (await response.json()) as Partial<FileConfig>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      google_maps_key: text(body.google_maps_key),
      mfa_required: typeof body.mfa_required === 'boolean' ? body.mfa_required : true,
      map_tile_url: text(body.map_tile_url),
      map_tile_attribution: text(body.map_tile_attribution),
    };
  } catch {
    return DEFAULT_FILE_CONFIG;
  }
}

async function loadStorage(api: ApiClient): Promise<StorageEntry[]> {
  try {
    return await fetchStorageEntries(api);
  } catch {
    return []; // spec §7: failures ignored
  }
}

function errorCode(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const body = error.response?.data as { errors?: { code?: string }[] } | undefined;
  return body?.errors?.[0]?.code;
}

/**
 * Start-up (spec §4): offline check → /local/config → /localrms-config.json → GET /user →
 * user storage → mount. A known global error code shows its notice; anything else the
 * maintenance screen. A 401 the refresh could not cure is already on its way to the login page.
 */
export async function boot(env: BootEnv): Promise<BootState> {
  if (!env.online) {
    env.goTo(OFFLINE_PAGE);
    return { status: 'redirecting' };
  }
  const [local, fileConfig] = await Promise.all([loadLocalConfig(env.api), loadFileConfig(env.fetchFile)]);
  setClientConfig(fileConfig);
  let user: CurrentUser | undefined;
  try {
    user = await env.api.getUser<CurrentUser>({ skipAuthRefresh: env.noAuth });
  } catch (error) {
    const status = axios.isAxiosError(error) ? error.response?.status : undefined;
    if (status === 401) return env.noAuth ? ready(undefined) : { status: 'redirecting' };
    const code = errorCode(error);
    if (code && (GLOBAL_NOTICES as readonly string[]).includes(code)) {
      return { status: 'notice', notice: code as GlobalNotice, fileConfig };
    }
    if (env.noAuth) return ready(undefined);
    return { status: 'maintenance' };
  }
  const localConfig = local === 'unauthorized' ? await loadLocalConfig(env.api) : local;
  const storage = await loadStorage(env.api);
  return ready(user, localConfig === 'unauthorized' ? DEFAULT_LOCAL_CONFIG : localConfig, storage);

  function ready(
    signedIn: CurrentUser | undefined,
    config: LocalConfig = local === 'unauthorized' ? DEFAULT_LOCAL_CONFIG : local,
    entries: StorageEntry[] = [],
  ): BootState {
    return { status: 'ready', user: signedIn, localConfig: config, fileConfig, storage: entries };
  }
}
