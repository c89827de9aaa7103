import type { PublicBrand } from '@fleetport/contracts/brand';
/** The edge injects `<script id="fp-brand" type="application/json">` into the head. */
import { BRAND_SCRIPT_ID } from '@fleetport/contracts/edge-html';
import { createContext, useContext } from 'react';
import { DEFAULT_BRAND } from '../config/default-brand.ts';

export { BRAND_SCRIPT_ID };

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const TEXT_FIELDS = ['id', 'company_name', 'app_name', 'full_app_name', 'logo_url', 'favicon_url'] as const;
const COLOUR_FIELDS = ['brand_color', 'dark_mode_text_color'] as const;
const OPTIONAL_TEXT_FIELDS = ['logo_subtext', 'purchase_link', 'terms_url'] as const;
const FLAG_FIELDS = ['branded_devices', 'data_feature'] as const;

function isPublicBrand(value: unknown): value is PublicBrand {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const brand = value as Record<string, unknown>;
  const text = (key: string) => typeof brand[key] === 'string' && brand[key] !== '';
  return (
    TEXT_FIELDS.every(text) &&
    COLOUR_FIELDS.every((key) => text(key) && HEX_COLOUR.test(brand[key] as string)) &&
    OPTIONAL_TEXT_FIELDS.every((key) => brand[key] === undefined || typeof brand[key] === 'string') &&
    FLAG_FIELDS.every((key) => typeof brand[key] === 'boolean') &&
    Array.isArray(brand.disabled_routes) &&
    brand.disabled_routes.every((route) => typeof route === 'string')
  );
}

/** Parses the injected brand JSON; `undefined` when it is missing or not a PublicBrand. */
export function parsePublicBrand(json: string | null | undefined): PublicBrand | undefined {
  if (!json?.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    return isPublicBrand(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The brand the edge injected into `doc`, else the built-in default brand. */
export function readInjectedBrand(doc: Pick<Document, 'getElementById'>): PublicBrand {
  const json = doc.getElementById(BRAND_SCRIPT_ID)?.textContent;
  const brand = parsePublicBrand(json);
  if (brand) return brand;
  if (json) console.warn(`#${BRAND_SCRIPT_ID} is not a valid brand; using the default brand`);
  return DEFAULT_BRAND;
}

export const BrandContext = createContext<PublicBrand | undefined>(undefined);

/** The brand of this page; render under `<BrandContext value={brand}>`. */
export function useBrand(): PublicBrand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() must be used inside <BrandContext>');
  return brand;
}
