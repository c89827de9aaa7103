import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCompressible, MIN_COMPRESS_BYTES, precompressDirectory } from './compress.ts';

const TEXT = 'export const fleetport = "console";\n'.repeat(200);

describe('isCompressible', () => {
  it('accepts text types at the size threshold, whatever the case of the extension', () => {
    expect(isCompressible('assets/index-abc123.js', MIN_COMPRESS_BYTES)).toBe(true);
    expect(isCompressible('index.HTML', 5000)).toBe(true);
    expect(isCompressible('site.webmanifest', 5000)).toBe(true);
  });

  it('rejects small files, binary types and existing compressed copies', () => {
    expect(isCompressible('a.js', MIN_COMPRESS_BYTES - 1)).toBe(false);
    expect(isCompressible('logo.png', 5000)).toBe(false);
    expect(isCompressible('a.js.br', 5000)).toBe(false);
    expect(isCompressible('a.js.gz', 5000)).toBe(false);
  });
});

describe('precompressDirectory', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fp-compress-'));
    await mkdir(join(dir, 'assets', 'nested'), { recursive: true });
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz copies that decompress to the original, in nested folders too', async () => {
    await writeFile(join(dir, 'index.html'), TEXT);
    await writeFile(join(dir, 'assets', 'nested', 'app.js'), TEXT);

    const results = await precompressDirectory(dir);

    expect(results.map((result) => result.file)).toEqual([join('assets', 'nested', 'app.js'), 'index.html']);
    for (const file of ['index.html', join('assets', 'nested', 'app.js')]) {
      const path = join(dir, file);
      expect(brotliDecompressSync(await readFile(`${path}.br`)).toString()).toBe(TEXT);
      expect(gunzipSync(await readFile(`${path}.gz`)).toString()).toBe(TEXT);
    }
    const [first] = results;
    expect(first?.br).toBeLessThan(TEXT.length);
    expect(first?.gz).toBeLessThan(TEXT.length);
  });

  it('leaves small and binary files alone', async () => {
    await writeFile(join(dir, 'small.js'), 'export {};\n');
    await writeFile(join(dir, 'assets', 'logo.png'), TEXT);

    const results = await precompressDirectory(dir);

    expect(results).toEqual([]);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(
      ['assets', join('assets', 'logo.png'), join('assets', 'nested'), 'small.js'].sort(),
    );
  });

  it('skips a copy that would not be smaller than the original', async () => {
    await writeFile(join(dir, 'random.txt'), randomBytes(4096));

    const results = await precompressDirectory(dir);

    expect(results).toEqual([{ file: 'random.txt', size: 4096 }]);
    expect(await readdir(dir)).not.toContain('random.txt.br');
    expect(await readdir(dir)).not.toContain('random.txt.gz');
  });
});
