import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BRAND_IMAGE_TYPES,
  type BrandConfig,
  type BrandIssue,
  imageExtension,
  type PublicBrand,
  parseBrandConfig,
} from '@fleetport/contracts/brand';
import { SvgRejectedError, sanitizeSvg } from './svg.ts';

/** A brand file served at a content-hashed URL, so a change never needs a cache purge. */
export interface BrandFile {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
  readonly hash: string;
  readonly url: string;
}

/** A validated brand with its files in memory, ready to serve. */
export interface LoadedBrand {
  readonly config: BrandConfig;
  /** brand.json's path as shown in messages (relative to the brands folder). */
  readonly file: string;
  readonly logo: BrandFile;
  readonly favicon: BrandFile;
  readonly public: PublicBrand;
}

export type LoadResult = { ok: true; brand: LoadedBrand } | { ok: false; issues: BrandIssue[] };

/** Largest logo or favicon accepted, on disk or by upload. */
export const MAX_BRAND_FILE_BYTES = 512 * 1024;

export function brandFile(name: string, bytes: Buffer): BrandFile {
  const extension = imageExtension(name);
  const type = extension ? BRAND_IMAGE_TYPES[extension] : 'application/octet-stream';
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
  return { name, type, bytes, hash, url: `/brand/${hash}/${encodeURIComponent(name)}` };
}

/** SVGs are sanitised on every load, so a file edited by hand is as safe as an upload. */
export function prepareImage(name: string, bytes: Buffer): Buffer {
  if (imageExtension(name) !== '.svg') return bytes;
  return Buffer.from(sanitizeSvg(bytes.toString('utf8')), 'utf8');
}

async function readImage(
  dir: string,
  label: string,
  field: 'logo' | 'favicon',
  name: string,
): Promise<BrandFile | BrandIssue> {
  try {
    const bytes = await readFile(path.join(dir, name));
    if (bytes.length > MAX_BRAND_FILE_BYTES) {
      return { file: label, field, message: `${name} is larger than ${MAX_BRAND_FILE_BYTES} bytes` };
    }
    return brandFile(name, prepareImage(name, bytes));
  } catch (error) {
    const message =
      error instanceof SvgRejectedError
        ? `${name}: ${error.message}`
        : `${name} cannot be read beside brand.json`;
    return { file: label, field, message };
  }
}

export function toPublicBrand(config: BrandConfig, logo: BrandFile, favicon: BrandFile): PublicBrand {
  return {
    id: config.id,
    company_name: config.company_name,
    app_name: config.app_name,
    full_app_name: config.full_app_name,
    brand_color: config.brand_color,
    dark_mode_text_color: config.dark_mode_text_color,
    logo_url: logo.url,
    ...(config.logo_subtext ? { logo_subtext: config.logo_subtext } : {}),
    favicon_url: favicon.url,
    ...(config.purchase_link ? { purchase_link: config.purchase_link } : {}),
    ...(config.terms_url ? { terms_url: config.terms_url } : {}),
    disabled_routes: config.disabled_routes,
    branded_devices: config.branded_devices,
    data_feature: config.data_feature,
  };
}

/** Validates a parsed brand.json document against the files in `dir`. */
export async function loadBrandFromConfig(
  raw: unknown,
  dir: string,
  label: string,
  folder = path.basename(dir),
): Promise<LoadResult> {
  const parsed = parseBrandConfig(raw, label);
  if (!parsed.success) return { ok: false, issues: parsed.issues };
  const config = parsed.brand;
  const issues: BrandIssue[] = [];
  if (config.id !== folder) {
    issues.push({ file: label, field: 'id', message: `must equal its folder name "${folder}"` });
  }
  const logo = await readImage(dir, label, 'logo', config.logo);
  const favicon = await readImage(dir, label, 'favicon', config.favicon);
  if ('field' in logo) issues.push(logo);
  if ('field' in favicon) issues.push(favicon);
  if (issues.length > 0 || 'field' in logo || 'field' in favicon) return { ok: false, issues };
  return {
    ok: true,
    brand: { config, file: label, logo, favicon, public: toPublicBrand(config, logo, favicon) },
  };
}

/** Loads `<brandsDir>/<id>/brand.json` and its files. */
export async function loadBrandDir(brandsDir: string, id: string): Promise<LoadResult> {
  const dir = path.join(brandsDir, id);
  const label = `${path.basename(brandsDir)}/${id}/brand.json`;
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, 'brand.json'), 'utf8'));
  } catch (error) {
    const message =
      error instanceof SyntaxError ? `invalid JSON: ${error.message}` : 'brand.json cannot be read';
    return { ok: false, issues: [{ file: label, field: '', message }] };
  }
  return loadBrandFromConfig(raw, dir, label);
}
