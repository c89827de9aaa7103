import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { VERSION_FILE } from '@fleetport/contracts/app-version';
import { PAGE_HEADINGS_FILE, type PageHeadings, readPageHeadings } from '@fleetport/contracts/edge-html';

/**
 * The console's build, indexed once into memory. Files are served exactly as the build wrote
 * them: `.br` and `.gz` siblings made at build time are chosen by Accept-Encoding, nothing is
 * compressed per request. Only indexed files exist: no directory listings, no dotfiles, and no
 * source maps unless asked for.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';
/** Build files a browser must revalidate on every use: the build's version (spec §4 update prompt). */
const REVALIDATED = new Set([`/${VERSION_FILE}`]);

/** Hashed files never change; the version must be current; anything else may be a little stale. */
export function cacheControlOf(url: string): string {
  if (url.startsWith('/assets/')) return IMMUTABLE;
  return REVALIDATED.has(url) ? 'no-cache' : SHORT;
}

interface Variant {
  readonly body: Buffer;
  readonly encoding?: 'br' | 'gzip';
}

interface Asset {
  readonly type: string;
  readonly etag: string;
  readonly cacheControl: string;
  readonly identity: Variant;
  readonly br?: Variant;
  readonly gzip?: Variant;
}

async function listFiles(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        return entry.isDirectory() ? listFiles(root, full) : Promise.resolve(entry.isFile() ? [full] : []);
      }),
  );
  return nested.flat();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Accept-Encoding tokens, ignoring q-values of zero. */
function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    if (token.trim().toLowerCase() !== encoding) continue;
    return !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
  }
  return false;
}

export class StaticAssets {
  private readonly assets: ReadonlyMap<string, Asset>;
  readonly indexHtml: string | undefined;
  /** The build's page headings (contracts/edge-html.ts); empty for a build without them. */
  readonly pageHeadings: PageHeadings;

  private constructor(
    assets: ReadonlyMap<string, Asset>,
    indexHtml: string | undefined,
    pageHeadings: PageHeadings,
  ) {
    this.assets = assets;
    this.indexHtml = indexHtml;
    this.pageHeadings = pageHeadings;
  }

  static async load(dist: string, options: { sourceMaps: boolean }): Promise<StaticAssets> {
    const assets = new Map<string, Asset>();
    let indexHtml: string | undefined;
    let pageHeadings: PageHeadings = {};
    const files = await listFiles(dist).catch(() => [] as string[]);
    const present = new Set(files);
    for (const file of files) {
      if (file.endsWith('.br') || file.endsWith('.gz')) continue;
      if (file.endsWith('.map') && !options.sourceMaps) continue;
      const url = `/${path.relative(dist, file).split(path.sep).join('/')}`;
      const body = await readFile(file);
      if (url === '/index.html') {
        indexHtml = body.toString('utf8');
        continue; // served themed, never raw
      }
      if (url === `/${PAGE_HEADINGS_FILE}`) {
        pageHeadings = readPageHeadings(parseJson(body.toString('utf8'))) ?? {};
        continue; // the edge's own input, not a console file
      }
      const extension = path.extname(file).toLowerCase();
      const variant = async (suffix: string, encoding: 'br' | 'gzip'): Promise<Variant | undefined> =>
        present.has(file + suffix) ? { body: await readFile(file + suffix), encoding } : undefined;
      const br = await variant('.br', 'br');
      const gzip = await variant('.gz', 'gzip');
      assets.set(url, {
        type: TYPES[extension] ?? 'application/octet-stream',
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        cacheControl: cacheControlOf(url),
        identity: { body },
        ...(br ? { br } : {}),
        ...(gzip ? { gzip } : {}),
      });
    }
    return new StaticAssets(assets, indexHtml, pageHeadings);
  }

  get size(): number {
    return this.assets.size;
  }

  has(url: string): boolean {
    return this.assets.has(url);
  }

  /** Serves `pathname` if it is a build file; returns false otherwise. */
  serve(pathname: string, req: IncomingMessage, res: ServerResponse): boolean {
    const asset = this.assets.get(pathname);
    if (!asset) return false;
    const encodings = req.headers['accept-encoding'];
    const variant =
      (asset.br && accepts(encodings, 'br') && asset.br) ||
      (asset.gzip && accepts(encodings, 'gzip') && asset.gzip) ||
      asset.identity;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', asset.cacheControl);
    res.setHeader('ETag', asset.etag);
    if (asset.br || asset.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === asset.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    if (variant.encoding) res.setHeader('Content-Encoding', variant.encoding);
    res.setHeader('Content-Length', variant.body.length);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  }
}
