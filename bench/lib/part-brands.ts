import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type BenchContext, heading } from './context.ts';
import { benchDir, runToEnd } from './proc.ts';
import { fmtBytes, fmtInt, fmtRatio, table, verdict } from './stats.ts';

/** Part 5: 10,000 brands, in memory and as folders on disk. */

const BRANDS = 10_000;

interface MemoryResult {
  brands: number;
  iterations: number;
  rounds: number;
  smallOpsPerSec: number;
  largeOpsPerSec: number;
  largeHotOpsPerSec: number;
  buildMs: number;
  brandObjectsHeap: number;
  setHeap: number;
  pagesHeap: number;
  pagesExternal: number;
  pageBytes: number;
  pages: number;
}

interface FileStoreResult {
  watch: boolean;
  brands: number;
  startMs: number;
  heapAtStart: number;
  heap: number;
  external: number;
  rss: number;
  rssDelta: number;
  resolved: string;
}

async function scaleChild<T>(args: readonly string[]): Promise<T> {
  const out = await runToEnd(
    process.execPath,
    ['--expose-gc', path.join(benchDir, 'workers/brand-scale.ts'), ...args],
    { timeoutMs: 180_000 },
  );
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as T;
}

const svg = (colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${colour}"/></svg>\n`;

/** `default` plus brand-1 … brand-(count-1), each with brand.json, logo.svg and favicon.svg. */
async function writeBrandFolders(dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  const write = async (n: number) => {
    const id = n === 0 ? 'default' : `brand-${n}`;
    const colour = `#${(n * 2654435761).toString(16).slice(-6).padStart(6, '0')}`;
    const folder = path.join(dir, id);
    await mkdir(folder);
    const brand = {
      id,
      ...(n === 0 ? { default: true } : {}),
      hostnames: n === 0 ? ['localhost'] : [`brand-${n}.example`, `*.brand-${n}.example`],
      company_name: `Brand ${n} Networks`,
      app_name: `Brand ${n}`,
      full_app_name: `Brand ${n} Device Cloud`,
      brand_color: colour,
      dark_mode_text_color: '#e8eef8',
      logo: 'logo.svg',
      favicon: 'favicon.svg',
      public_base_url: `https://brand-${n}.example`,
    };
    await writeFile(path.join(folder, 'brand.json'), `${JSON.stringify(brand, null, 2)}\n`);
    await writeFile(path.join(folder, 'logo.svg'), svg(colour));
    await writeFile(path.join(folder, 'favicon.svg'), svg('#ffffff'));
  };
  const CONCURRENCY = 64;
  for (let start = 0; start < count; start += CONCURRENCY) {
    const batch: Promise<void>[] = [];
    for (let n = start; n < Math.min(count, start + CONCURRENCY); n += 1) batch.push(write(n));
    await Promise.all(batch);
  }
}

export async function benchBrandScale(ctx: BenchContext): Promise<void> {
  heading(`5. ${fmtInt(BRANDS)} brands`);
  const memory = await scaleChild<MemoryResult>(['memory', path.join(ctx.fixtures.webDist, 'index.html')]);
  const ratio = memory.largeOpsPerSec / memory.smallOpsPerSec;
  const hotRatio = memory.largeHotOpsPerSec / memory.smallOpsPerSec;
  console.log(
    `resolution (exact / *.wildcard / a.b.c deep wildcard / unknown, 1:1:1:1), best of ${memory.rounds} × ${fmtInt(memory.iterations)}:`,
  );
  console.log(
    table(
      ['brand set', 'resolutions/s', 'ns each', 'vs 3 brands'],
      [
        ['3 brands', memory.smallOpsPerSec],
        [`${fmtInt(memory.brands)} brands, hosts of all brands`, memory.largeOpsPerSec],
        [`${fmtInt(memory.brands)} brands, the 3-brand traffic`, memory.largeHotOpsPerSec],
      ].map(([label, ops]) => [
        label as string,
        fmtInt(ops as number),
        (1e9 / (ops as number)).toFixed(0),
        fmtRatio((ops as number) / memory.smallOpsPerSec),
      ]),
    ),
  );
  console.log(
    `10k/3 = ${fmtRatio(hotRatio)} for the same hosts ${verdict(hotRatio >= 0.8)} (the lookup is O(1)); ${fmtRatio(ratio)} with traffic spread over all 10k brands ${verdict(ratio >= 0.8)} (CPU caches: the tables and brands no longer fit)`,
  );
  console.log(`BrandSet.build of ${fmtInt(memory.brands)} brands: ${memory.buildMs.toFixed(1)} ms`);
  console.log(
    `heap: ${fmtInt(memory.brands)} LoadedBrand objects ${fmtBytes(memory.brandObjectsHeap)}, the BrandSet's maps ${fmtBytes(memory.setHeap)} (total ${fmtBytes(memory.brandObjectsHeap + memory.setHeap)}, ${fmtBytes((memory.brandObjectsHeap + memory.setHeap) / memory.brands)} per brand)`,
  );
  console.log(
    `themed-page cache if all ${fmtInt(memory.pages)} brands were visited: ${fmtBytes(memory.pageBytes)} of page bytes (heap +${fmtBytes(memory.pagesHeap)}, external +${fmtBytes(memory.pagesExternal)})`,
  );
  ctx.goals.push(
    {
      part: '5 brands',
      goal: 'resolution 10k/3 brands ≈ 1.0 (≥ 0.8), same hosts',
      measured: fmtRatio(hotRatio),
      met: hotRatio >= 0.8,
    },
    {
      part: '5 brands',
      goal: 'resolution 10k/3 brands ≈ 1.0 (≥ 0.8), hosts of all 10k',
      measured: fmtRatio(ratio),
      met: ratio >= 0.8,
    },
  );

  const dir = path.join(ctx.tmp, 'themes-10k');
  const writeStart = performance.now();
  await writeBrandFolders(dir, BRANDS);
  console.log(
    `\nFileBrandStore.start() over ${fmtInt(BRANDS)} folders on disk (written in ${((performance.now() - writeStart) / 1000).toFixed(1)} s; brand.json + 2 svg each):`,
  );
  const rows: string[][] = [];
  for (const watch of [false, true]) {
    const result = await scaleChild<FileStoreResult>(['filestore', dir, watch ? 'watch' : 'nowatch']);
    if (result.brands !== BRANDS || result.resolved !== `brand-${BRANDS - 1}`) {
      throw new Error(`file store loaded ${result.brands} brands, resolved ${result.resolved}`);
    }
    rows.push([
      watch ? 'watch: true (production)' : 'watch: false',
      `${(result.startMs / 1000).toFixed(2)} s`,
      fmtBytes(result.heapAtStart),
      fmtBytes(result.heap),
      fmtBytes(result.external),
      fmtBytes(result.rss),
    ]);
  }
  console.log(
    table(['store', 'start()', 'heap after start', 'heap 1 s later', 'external', 'process RSS'], rows),
  );
  await rm(dir, { recursive: true, force: true });
}
