import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Precompresses the build so the edge can serve `.br` / `.gz` without compressing per request. */

export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.ico',
  '.webmanifest',
]);
/**
 * Below this size a compressed copy saves too little to matter (gzip's framing is about 20
 * bytes). A 900-byte chunk still shrinks by about half, and the console is split into many small
 * chunks (one per endpoint and dialog), so the floor is low.
 */
export const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CompressedFile {
  /** Path relative to the directory that was compressed. */
  file: string;
  size: number;
  /** Sizes of the written copies; absent when that copy was not smaller and so not written. */
  br?: number;
  gz?: number;
}

export function isCompressible(file: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE_EXTENSIONS.has(extname(file).toLowerCase());
}

export async function compressBrotli(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export async function compressGzip(data: Buffer): Promise<Buffer> {
  return gzipAsync(data, { level: constants.Z_BEST_COMPRESSION });
}

async function writeIfSmaller(
  path: string,
  original: Buffer,
  compressed: Buffer,
): Promise<number | undefined> {
  if (compressed.length >= original.length) return undefined;
  await writeFile(path, compressed);
  return compressed.length;
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, recursively. */
export async function precompressDirectory(dir: string): Promise<CompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const results: CompressedFile[] = [];
  await Promise.all(
    files.map(async (path) => {
      const { size } = await stat(path);
      if (!isCompressible(path, size)) return;
      const data = await readFile(path);
      const [br, gz] = await Promise.all([
        compressBrotli(data).then((out) => writeIfSmaller(`${path}.br`, data, out)),
        compressGzip(data).then((out) => writeIfSmaller(`${path}.gz`, data, out)),
      ]);
      results.push({
        file: relative(dir, path),
        size,
        ...(br === undefined ? {} : { br }),
        ...(gz === undefined ? {} : { gz }),
      });
    }),
  );
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

function describe({ file, size, br, gz }: CompressedFile): string {
  const copy = (kind: string, bytes: number | undefined) =>
    bytes === undefined ? `${kind} skipped` : `${kind} ${bytes}`;
  return `${file}: ${size} B → ${copy('br', br)}, ${copy('gz', gz)}\n`;
}

if (import.meta.main) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const results = await precompressDirectory(dist);
  for (const result of results) process.stdout.write(describe(result));
  process.stdout.write(`precompressed ${results.length} files in ${dist}\n`);
}
