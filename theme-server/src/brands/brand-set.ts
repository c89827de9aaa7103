import { domainToASCII } from 'node:url';
import { type BrandIssue, validateBrandSet } from '@fleetport/contracts/brand';
import type { BrandFile, LoadedBrand } from './load.ts';

/**
 * Normalises a Host header value to the name brands are matched on: lower case, port
 * stripped, IPv6 brackets kept, an internationalised name turned into punycode.
 */
export function normaliseHost(header: string | undefined): string {
  if (!header) return '';
  let host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 ? host.slice(0, end + 1) : '';
  }
  const colon = host.indexOf(':');
  if (colon >= 0) host = host.slice(0, colon);
  if (host.endsWith('.')) host = host.slice(0, -1);
  // ASCII names are the common case; only others need the IDN conversion.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the ASCII range on purpose
  return /^[\x00-\x7f]*$/.test(host) ? host : domainToASCII(host);
}

/**
 * An immutable, validated set of brands with its lookup tables. Resolution is a hash lookup
 * for the exact name, then one per label for wildcards (most specific first), so its cost does
 * not grow with the number of brands.
 */
export class BrandSet {
  readonly byId: ReadonlyMap<string, LoadedBrand>;
  readonly defaultBrand: LoadedBrand;
  private readonly exact = new Map<string, LoadedBrand>();
  /** `*.acme.example` is stored under `acme.example`. */
  private readonly wildcard = new Map<string, LoadedBrand>();
  private readonly files = new Map<string, BrandFile>();

  private constructor(brands: readonly LoadedBrand[], defaultBrand: LoadedBrand) {
    this.byId = new Map(brands.map((brand) => [brand.config.id, brand]));
    this.defaultBrand = defaultBrand;
    for (const brand of brands) {
      for (const host of brand.config.hostnames) {
        if (host.startsWith('*.')) this.wildcard.set(host.slice(2), brand);
        else this.exact.set(host, brand);
      }
      for (const file of [brand.logo, brand.favicon]) this.files.set(`${file.hash}/${file.name}`, file);
    }
  }

  /** Builds a set, or returns the issues that keep these brands from being served together. */
  static build(brands: readonly LoadedBrand[]): BrandSet | BrandIssue[] {
    const issues = validateBrandSet(
      brands.map((brand) => brand.config),
      (config) => brands.find((brand) => brand.config === config)?.file ?? config.id,
    );
    const defaultBrand = brands.find((brand) => brand.config.default);
    if (issues.length > 0 || !defaultBrand) return issues;
    return new BrandSet(brands, defaultBrand);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Exact host, then the most specific wildcard, then the default brand. */
  resolve(hostname: string): LoadedBrand {
    const exact = this.exact.get(hostname);
    if (exact) return exact;
    let dot = hostname.indexOf('.');
    while (dot >= 0) {
      const match = this.wildcard.get(hostname.slice(dot + 1));
      if (match) return match;
      dot = hostname.indexOf('.', dot + 1);
    }
    return this.defaultBrand;
  }

  file(hash: string, name: string): BrandFile | undefined {
    return this.files.get(`${hash}/${name}`);
  }

  /** A copy of this set's brands with `brand` added or replaced (by id). */
  withBrand(brand: LoadedBrand): LoadedBrand[] {
    return [...[...this.byId.values()].filter((other) => other.config.id !== brand.config.id), brand];
  }

  withoutBrand(id: string): LoadedBrand[] {
    return [...this.byId.values()].filter((brand) => brand.config.id !== id);
  }
}
