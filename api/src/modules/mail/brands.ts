import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatBrandIssue, parseBrandConfig } from '@fleetport/contracts/brand';
import type { Logger } from 'pino';

/**
 * What the API needs of a brand: where e-mail links point, the name it signs with, and who may
 * sign in on its hosts.
 */
export interface MailBrand {
  id: string;
  publicBaseUrl: string;
  appName: string;
  companyName: string;
  isDefault: boolean;
  /** Set with `restrict_sign_in`: only this company's subtree (and platform staff) sign in. */
  signInCompanyId: number | undefined;
}

interface Snapshot {
  loadedAt: number;
  byId: Map<string, MailBrand>;
  fallback: MailBrand | undefined;
}

/** How stale the brands may be: brands change without a redeploy of the API. */
const RELOAD_AFTER_MS = 3000;

/**
 * The brands as the API sees them: `BRANDS_DIR/<id>/brand.json`, the same files the edge
 * serves, validated with the same schema. Read again at most every few seconds when a mail
 * needs them; a file is parsed again only when it changed. An invalid file is logged and
 * skipped; an unknown id gets the default brand. Links are never derived from a Host header.
 */
export class BrandDirectory {
  private readonly dir: string;
  private readonly log: Logger;
  private readonly reloadAfterMs: number;
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  /** brand.json path → the file's stamp (mtime, size, inode) and what it parsed to. */
  private readonly files = new Map<string, { stamp: string; brand: MailBrand | undefined }>();

  constructor(dir: string, log: Logger, options: { reloadAfterMs?: number } = {}) {
    this.dir = dir;
    this.log = log;
    this.reloadAfterMs = options.reloadAfterMs ?? RELOAD_AFTER_MS;
  }

  /** The brand of `id`, or the default brand when the id is absent or unknown. */
  async resolve(id: string | undefined): Promise<MailBrand> {
    const snapshot = await this.current();
    const brand = (id === undefined ? undefined : snapshot.byId.get(id)) ?? snapshot.fallback;
    if (!brand) throw new Error(`No default brand in ${this.dir}: e-mail links would have no base URL.`);
    return brand;
  }

  private current(): Promise<Snapshot> {
    const snapshot = this.snapshot;
    if (snapshot && Date.now() - snapshot.loadedAt < this.reloadAfterMs) return Promise.resolve(snapshot);
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<Snapshot> {
    let folders: string[];
    try {
      folders = (await readdir(this.dir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      this.log.warn(
        { err: error, dir: this.dir },
        'brands folder unreadable; e-mail keeps the brands it had',
      );
      this.snapshot = {
        ...(this.snapshot ?? { byId: new Map(), fallback: undefined }),
        loadedAt: Date.now(),
      };
      return this.snapshot;
    }
    const brands = (await Promise.all(folders.map((folder) => this.loadFolder(folder)))).filter(
      (brand): brand is MailBrand => brand !== undefined,
    );
    const defaults = brands.filter((brand) => brand.isDefault);
    if (defaults.length !== 1) {
      this.log.warn(
        { dir: this.dir, defaults: defaults.map((brand) => brand.id) },
        'brands: exactly one default brand is expected; e-mail uses the first',
      );
    }
    this.snapshot = {
      loadedAt: Date.now(),
      byId: new Map(brands.map((brand) => [brand.id, brand])),
      fallback: defaults[0],
    };
    return this.snapshot;
  }

  private async loadFolder(folder: string): Promise<MailBrand | undefined> {
    const file = path.join(this.dir, folder, 'brand.json');
    const label = `${path.basename(this.dir)}/${folder}/brand.json`;
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      this.files.delete(file);
      return undefined;
    }
    const cached = this.files.get(file);
    if (cached?.stamp === stamp) return cached.brand;
    const brand = await this.parse(file, label, folder);
    this.files.set(file, { stamp, brand });
    return brand;
  }

  private async parse(file: string, label: string, folder: string): Promise<MailBrand | undefined> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      this.log.warn({ err: error, file: label }, 'brand skipped for e-mail: brand.json is not readable JSON');
      return undefined;
    }
    const parsed = parseBrandConfig(raw, label);
    if (!parsed.success) {
      this.log.warn(
        { file: label, issues: parsed.issues.map(formatBrandIssue) },
        'brand skipped for e-mail: brand.json is invalid',
      );
      return undefined;
    }
    const { brand } = parsed;
    if (brand.id !== folder) {
      this.log.warn(
        { file: label },
        `brand skipped for e-mail: its id must equal its folder name "${folder}"`,
      );
      return undefined;
    }
    return {
      id: brand.id,
      publicBaseUrl: brand.public_base_url.replace(/\/+$/, ''),
      appName: brand.app_name,
      companyName: brand.company_name,
      isDefault: brand.default,
      signInCompanyId: brand.restrict_sign_in ? brand.owner_company_id : undefined,
    };
  }
}
