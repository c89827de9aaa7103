import { readFile } from 'node:fs/promises';
import type { BrandConfig } from '@fleetport/contracts/brand';
import { pino } from 'pino';
import { BrandSet } from '../../theme-server/src/brands/brand-set.ts';
import { FileBrandStore } from '../../theme-server/src/brands/file-store.ts';
import {
  type BrandFile,
  brandFile,
  type LoadedBrand,
  toPublicBrand,
} from '../../theme-server/src/brands/load.ts';
import { renderThemedPage } from '../../theme-server/src/html/themed-html.ts';

/**
 * Brand-count scaling, run in its own process with --expose-gc so heap figures are clean:
 *   brand-scale.ts memory <index.html>      in-memory BrandSet of 3 vs 10,000 brands
 *   brand-scale.ts filestore <dir> <watch>  FileBrandStore.start() over brand folders on disk
 * Prints one JSON line.
 */

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect = (): NodeJS.MemoryUsage => {
  gc();
  gc();
  return process.memoryUsage();
};

function syntheticBrands(count: number, logo: BrandFile, favicon: BrandFile): LoadedBrand[] {
  const brands: LoadedBrand[] = [];
  for (let n = 0; n < count; n += 1) {
    const isDefault = n === 0;
    const id = isDefault ? 'default' : `brand-${n}`;
    const config: BrandConfig = {
      id,
      default: isDefault,
      hostnames: isDefault ? ['localhost'] : [`brand-${n}.example`, `*.brand-${n}.example`],
      company_name: `Brand ${n} Networks`,
      app_name: `Brand ${n}`,
      full_app_name: `Brand ${n} Device Cloud`,
      brand_color: '#1f5fbf',
      dark_mode_text_color: '#e8eef8',
      logo: 'logo.svg',
      logo_subtext: 'Device Cloud',
      favicon: 'favicon.svg',
      disabled_routes: [],
      branded_devices: false,
      data_feature: false,
      restrict_sign_in: false,
      public_base_url: `https://brand-${n}.example`,
    };
    brands.push({
      config,
      file: `themes/${id}/brand.json`,
      logo,
      favicon,
      public: toPublicBrand(config, logo, favicon),
    });
  }
  return brands;
}

/** A fixed mix over brands 1..count-1: exact, wildcard, deep wildcard and unknown hosts. */
function hostMix(count: number, size: number): string[] {
  if (count < 2) throw new Error('hostMix needs the default brand and at least one other');
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const hosts: string[] = [];
  for (let index = 0; index < size; index += 1) {
    const n = 1 + Math.floor(random() * (count - 1));
    switch (index % 4) {
      case 0:
        hosts.push(`brand-${n}.example`);
        break;
      case 1:
        hosts.push(`app.brand-${n}.example`);
        break;
      case 2:
        hosts.push(`a.b.c.brand-${n}.example`);
        break;
      default:
        hosts.push(`device-${index}.unknown.test`);
    }
  }
  return hosts;
}

function resolutionsPerSecond(set: BrandSet, hosts: readonly string[], iterations: number): number {
  const mask = hosts.length - 1;
  let checksum = 0;
  const start = process.hrtime.bigint();
  for (let index = 0; index < iterations; index += 1) {
    checksum += set.resolve(hosts[index & mask] as string).config.id.length;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (checksum === 0) throw new Error('resolution returned nothing');
  return iterations / seconds;
}

function build(brands: readonly LoadedBrand[]): BrandSet {
  const set = BrandSet.build(brands);
  if (!(set instanceof BrandSet)) throw new Error(`invalid synthetic brands: ${JSON.stringify(set[0])}`);
  return set;
}

async function memory(indexHtml: string) {
  const logo = brandFile('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  const favicon = brandFile('favicon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>'));
  const HOSTS = 4096;
  const ITERATIONS = 2_000_000;
  const ROUNDS = 5;

  const small = build(syntheticBrands(3, logo, favicon));
  const smallHosts = hostMix(3, HOSTS);

  const before = collect();
  const brands = syntheticBrands(10_000, logo, favicon);
  const afterBrands = collect();
  const buildStart = process.hrtime.bigint();
  const large = build(brands);
  const buildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
  const afterSet = collect();
  const largeHosts = hostMix(10_000, HOSTS);
  // The same traffic as the small set's (brand-1 and brand-2 exist in both): the big set's
  // lookup cost when only its hash tables, not its working set, are large.
  const largeHotHosts = smallHosts;

  // Alternate the sizes and keep each one's best round (the machine is shared and noisy).
  let smallBest = 0;
  let largeBest = 0;
  let largeHotBest = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    smallBest = Math.max(smallBest, resolutionsPerSecond(small, smallHosts, ITERATIONS));
    largeBest = Math.max(largeBest, resolutionsPerSecond(large, largeHosts, ITERATIONS));
    largeHotBest = Math.max(largeHotBest, resolutionsPerSecond(large, largeHotHosts, ITERATIONS));
  }

  // Every brand's themed page cached, as after each brand has been visited once.
  const template = await readFile(indexHtml, 'utf8');
  const pagesBefore = collect();
  const pages = brands.map((brand) => renderThemedPage(template, brand));
  const pagesAfter = collect();
  const pageBytes = pages.reduce((sum, page) => sum + page.staticLength, 0);

  return {
    mode: 'memory',
    brands: large.size,
    iterations: ITERATIONS,
    rounds: ROUNDS,
    smallOpsPerSec: smallBest,
    largeOpsPerSec: largeBest,
    largeHotOpsPerSec: largeHotBest,
    buildMs,
    brandObjectsHeap: afterBrands.heapUsed - before.heapUsed,
    setHeap: afterSet.heapUsed - afterBrands.heapUsed,
    pagesHeap: pagesAfter.heapUsed - pagesBefore.heapUsed,
    pagesExternal: pagesAfter.external - pagesBefore.external,
    pageBytes,
    pages: pages.length,
    sink: small.size + large.size,
  };
}

async function fileStore(dir: string, watch: boolean) {
  const log = pino({ level: 'silent' });
  const before = collect();
  const start = process.hrtime.bigint();
  const store = new FileBrandStore(dir, log, { watch });
  await store.start();
  const startMs = Number(process.hrtime.bigint() - start) / 1e6;
  const afterStart = collect();
  // Settle (a watcher may still be busy) and measure again.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = collect();
  const set = store.current();
  const host = `app.brand-${set.size - 1}.example`;
  const resolved = set.resolve(host).config.id;
  await store.close();
  return {
    mode: 'filestore',
    watch,
    brands: set.size,
    startMs,
    heapAtStart: afterStart.heapUsed - before.heapUsed,
    heap: after.heapUsed - before.heapUsed,
    external: after.external - before.external,
    rss: after.rss,
    rssDelta: after.rss - before.rss,
    resolved,
  };
}

const [mode, arg, flag] = process.argv.slice(2);
const result =
  mode === 'memory'
    ? await memory(arg ?? '')
    : mode === 'filestore'
      ? await fileStore(arg ?? '', flag === 'watch')
      : undefined;
if (!result) throw new Error('usage: brand-scale.ts memory <index.html> | filestore <dir> watch|nowatch');
process.stdout.write(`${JSON.stringify(result)}\n`);
