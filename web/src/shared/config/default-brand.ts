import type { PublicBrand } from '@fleetport/contracts/brand';
import fleetportLogo from '../../assets/fleetport-logo.svg';

/**
 * The brand used when the edge injected none (the Vite dev server, tests) or an unreadable one.
 * The edge's default brand (themes/) is the source of truth in production; keep these close.
 */
export const DEFAULT_BRAND: PublicBrand = {
  id: 'fleetport',
  company_name: 'Fleetport',
  app_name: 'Fleetport',
  full_app_name: 'Fleetport Device Console',
  brand_color: '#1565c0',
  dark_mode_text_color: '#e3e8ef',
  logo_url: fleetportLogo,
  favicon_url: fleetportLogo,
  disabled_routes: [],
  branded_devices: true,
  data_feature: true,
};
