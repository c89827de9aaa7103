/** The edge's client configuration (`/localrms-config.json`, spec §7), as start-up read it. */
export interface FileConfig {
  google_maps_key: string;
  mfa_required: boolean;
  /** Leaflet's tile URL template for the device maps; empty: positions without a background. */
  map_tile_url: string;
  map_tile_attribution: string;
}

/** Spec §7: failure of /localrms-config.json falls back to defaults (MFA required by default). */
export const DEFAULT_FILE_CONFIG: FileConfig = {
  google_maps_key: '',
  mfa_required: true,
  map_tile_url: '',
  map_tile_attribution: '',
};

let clientConfig: FileConfig = DEFAULT_FILE_CONFIG;

export function setClientConfig(config: FileConfig): void {
  clientConfig = config;
}

/** The maps read their tiles from it. */
export const fileConfigNow = (): FileConfig => clientConfig;
