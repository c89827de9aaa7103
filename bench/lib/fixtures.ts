import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { repoRoot } from './proc.ts';

/**
 * What the edge serves during the bench: a snapshot of web/dist and themes/ in the bench's temp
 * folder, so a rebuild or a brand edit elsewhere cannot change the figures mid-run.
 */
export interface Fixtures {
  webDist: string;
  brandsDir: string;
  /** `web/dist` or `stand-in`. */
  distSource: string;
  /** The largest /assets/*.js that has a .br sibling. */
  assetUrl: string;
  assetBrBytes: number;
}

const HEAD_MARKER = '<!--fp:head-->';
const BOOT_MARKER = '<!--fp:boot-->';

async function usableDist(dist: string): Promise<boolean> {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return false;
  const html = await readFile(index, 'utf8');
  if (!html.includes(HEAD_MARKER) || !html.includes(BOOT_MARKER)) return false;
  const assets = await readdir(path.join(dist, 'assets')).catch(() => [] as string[]);
  return assets.some((name) => name.endsWith('.js') && assets.includes(`${name}.br`));
}

/** A small build of the same shape: index.html with both markers and a ~100 KB hashed bundle. */
async function writeStandIn(dist: string): Promise<void> {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  const lines: string[] = [];
  for (let index = 0; lines.join('\n').length < 100 * 1024; index += 1) {
    lines.push(`export function part${index}(value){return value*${index}+${(index * 7919) % 1000};}`);
  }
  const js = Buffer.from(lines.join('\n'));
  const name = 'app-StandIn1.js';
  await writeFile(path.join(dist, 'assets', name), js);
  await writeFile(
    path.join(dist, 'assets', `${name}.br`),
    brotliCompressSync(js, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(path.join(dist, 'assets', `${name}.gz`), gzipSync(js, { level: 9 }));
  await writeFile(
    path.join(dist, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
      `    ${HEAD_MARKER}`,
      `    <script type="module" crossorigin src="/assets/${name}"></script>`,
      '  </head>',
      '  <body>',
      `    <div id="root">${BOOT_MARKER}</div>`,
      '  </body>',
      '</html>',
      '',
    ].join('\n'),
  );
}

export async function prepareFixtures(tmp: string): Promise<Fixtures> {
  const webDist = path.join(tmp, 'dist');
  const brandsDir = path.join(tmp, 'themes');
  const source = path.join(repoRoot, 'web/dist');
  let distSource = 'web/dist';
  if (await usableDist(source)) {
    await cp(source, webDist, { recursive: true });
  } else {
    distSource = 'stand-in (web/dist missing or without markers: run `npm run build` for real figures)';
    await writeStandIn(webDist);
  }
  await cp(path.join(repoRoot, 'themes'), brandsDir, { recursive: true });

  const assets = await readdir(path.join(webDist, 'assets'));
  let best: { name: string; size: number } | undefined;
  for (const name of assets) {
    if (!name.endsWith('.js') || !assets.includes(`${name}.br`)) continue;
    const { size } = await stat(path.join(webDist, 'assets', name));
    if (!best || size > best.size) best = { name, size };
  }
  if (!best) throw new Error('no /assets/*.js with a .br sibling in the build');
  const { size: assetBrBytes } = await stat(path.join(webDist, 'assets', `${best.name}.br`));
  return { webDist, brandsDir, distSource, assetUrl: `/assets/${best.name}`, assetBrBytes };
}
